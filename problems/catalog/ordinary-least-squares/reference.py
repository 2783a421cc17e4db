import torch


def reference(
    X: torch.Tensor, y: torch.Tensor, beta: torch.Tensor, n_samples: int, n_features: int
) -> None:
    # Normal equations (X^T X) beta = X^T y, solved by Cholesky (X has full column rank).
    x = X.reshape(n_samples, n_features)
    gram = x.T @ x
    rhs = x.T @ y.reshape(n_samples, 1)
    factor = torch.linalg.cholesky(gram)
    beta.view(n_features, 1).copy_(torch.cholesky_solve(rhs, factor))


def error_scale(X: torch.Tensor, y: torch.Tensor, n_samples: int, n_features: int) -> torch.Tensor:
    # fp32 forward-error magnitude of beta per unit roundoff (statement.md, "Tolerance").
    # A sum of n terms t_i in an order fixed before the data are seen (sequential, blocked,
    # tree, split-K) over rows drawn independently has partial sums within about
    # (m/n)|T| + sqrt(m/n) sqrt(sum t_i^2) after m terms, so its rounding error is about
    # sqrt(n) u (|T| + sqrt(sum t_i^2)) (a random walk over the additions; the first part is
    # the drift of a sum whose terms share a sign, the second that of terms of either sign).
    # That bounds each entry of the Gram matrix G = X^T X and of b = X^T y; the Cholesky
    # factorisation and the two triangular solves (or a QR route, or X^T (X v) products) add
    # sums of length n_features, sqrt(p) u (|R|^T |R| + sqrt(Q)) with R the Cholesky factor.
    # An error dG, db moves beta by G^-1 (db - dG beta): the independent errors are added in
    # root-sum-square form, row by row of (dG beta) and through G^-1.
    x = X.reshape(n_samples, n_features).to(torch.float64)
    t = y.reshape(n_samples).to(torch.float64)
    n, p = n_samples, n_features
    gram = x.T @ x
    factor = torch.linalg.cholesky(gram)
    beta = torch.cholesky_solve((x.T @ t).unsqueeze(1), factor).squeeze(1)
    x2 = x * x
    q = (x2.T @ x2).sqrt()  # sqrt(sum_i x_ik^2 x_il^2): the terms' size, either sign
    r = factor.T.abs()
    err_gram = n**0.5 * (gram.abs() + q) + p**0.5 * (q + r.T @ r)
    err_rhs = n**0.5 * ((x.T @ t).abs() + (x2.T @ (t * t)).sqrt())
    row = (err_rhs**2 + err_gram**2 @ beta**2).sqrt()
    return (torch.cholesky_inverse(factor) ** 2 @ row**2).sqrt()


def make_inputs(case: dict, gen: torch.Generator, device) -> dict:
    # X uniform in [-1, 1); when the system is close to square, a multiple of the identity is
    # added to the top n_features rows so that X stays well conditioned. y = X beta_true + noise,
    # beta_true uniform in [-2, 2), noise 0.1 * N(0, 1).
    # variant "exact": no noise. variant "large": X uniform in [-1000, 1000),
    # beta_true uniform in [-0.2, 0.2).
    n, p = case["n_samples"], case["n_features"]
    variant = case.get("variant", "")
    x = torch.rand(n, p, generator=gen, dtype=torch.float64) * 2 - 1
    if n < 4 * p:
        x[:p] += (2 * p**0.5 + 1) * torch.eye(p, dtype=torch.float64)
    scale = 0.2 if variant == "large" else 2.0
    beta_true = (torch.rand(p, generator=gen, dtype=torch.float64) * 2 - 1) * scale
    if variant == "large":
        x *= 1000
    y = x @ beta_true
    if variant != "exact":
        y += 0.1 * torch.randn(n, generator=gen, dtype=torch.float64)
    return {"X": x.to(torch.float32).to(device), "y": y.to(torch.float32).to(device)}
