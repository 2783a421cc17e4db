import torch

RIDGE = 1e-6


def _newton(x: torch.Tensor, y: torch.Tensor, steps: int = 100) -> torch.Tensor:
    # Newton's method on L(b) = sum_i [log(1 + exp(x_i.b)) - y_i x_i.b] + RIDGE/2 |b|^2, from 0.
    n, p = x.shape
    beta = torch.zeros(p, dtype=x.dtype, device=x.device)
    eye = torch.eye(p, dtype=x.dtype, device=x.device)
    for _ in range(steps):
        prob = torch.sigmoid(x @ beta)
        grad = x.T @ (prob - y) + RIDGE * beta
        hess = (x * (prob * (1 - prob)).unsqueeze(1)).T @ x + RIDGE * eye
        step = torch.cholesky_solve(grad.unsqueeze(1), torch.linalg.cholesky(hess)).squeeze(1)
        beta = beta - step
        if float(step.abs().max()) <= 1e-12 * (1 + float(beta.abs().max())):
            break
    return beta


def reference(
    X: torch.Tensor, y: torch.Tensor, beta: torch.Tensor, n_samples: int, n_features: int
) -> None:
    x = X.reshape(n_samples, n_features)
    beta.view(n_features).copy_(_newton(x, y.reshape(n_samples)))


def error_scale(X: torch.Tensor, y: torch.Tensor, n_samples: int, n_features: int) -> torch.Tensor:
    # fp32 forward-error magnitude of beta per unit roundoff (statement.md, "Tolerance"), at the
    # minimiser, where the gradient g = X^T (prob - y) + RIDGE beta vanishes. A sum of n terms t_i
    # in an order fixed before the data are seen, over rows drawn independently, is off by
    # about sqrt(n) u (|T| + sqrt(sum t_i^2)): the drift of its partial sums plus their random
    # walk. The sums a solution forms over the samples: X^T prob and X^T y (or X^T (prob - y)),
    # the Hessian H = X^T W X and, in the IRLS form beta = H^-1 X^T W z, X^T W z = H beta - g;
    # each logit x_i . beta is a sum of length p, whose error moves prob_i by W_i times it; the
    # Cholesky solve adds sums of length p, sqrt(p) u |R|^T |R|. An error dg, dH moves beta by
    # H^-1 (dg + dH beta): the independent errors are added in root-sum-square form.
    x = X.reshape(n_samples, n_features).to(torch.float64)
    t = y.reshape(n_samples).to(torch.float64)
    n, p = n_samples, n_features
    beta = _newton(x, t)
    z = x @ beta
    prob = torch.sigmoid(z)
    w = prob * (1 - prob)
    hess = (x * w.unsqueeze(1)).T @ x + RIDGE * torch.eye(p, dtype=x.dtype, device=x.device)
    factor = torch.linalg.cholesky(hess)
    x2 = x * x
    err_z = p**0.5 * (z.abs() + (x2 @ (beta * beta)).sqrt())
    work = w * z + (t - prob)  # W z of the IRLS form
    err_g = n**0.5 * (
        (x.T @ prob).abs()
        + (x.T @ t).abs()
        + (x2.T @ (prob * prob + t * t)).sqrt()
        + (hess @ beta).abs()
        + (x2.T @ (work * work)).sqrt()
    )
    err_g = (err_g**2 + x2.T @ (w * w * err_z * err_z)).sqrt()
    q = ((x2 * (w * w).unsqueeze(1)).T @ x2).sqrt()
    r = factor.T.abs()
    err_hess = n**0.5 * (hess.abs() + q) + p**0.5 * (q + r.T @ r)
    row = (err_g**2 + err_hess**2 @ beta**2).sqrt()
    return (torch.cholesky_inverse(factor) ** 2 @ row**2).sqrt()


def make_inputs(case: dict, gen: torch.Generator, device) -> dict:
    # X uniform in [-1, 1); labels drawn from a logistic model whose true coefficients are normal
    # with standard deviation 2 * sqrt(3 / n_features) (so x.beta_true has standard deviation
    # about 2). Small draws are redrawn until the classes are not separable (fitted |beta| < 10),
    # so that the minimiser is finite and set by the data, not by the tiny ridge term.
    # variant "scaled": X uniform in [-10, 10) and beta_true ten times smaller.
    n, p = case["n_samples"], case["n_features"]
    scale = 10.0 if case.get("variant") == "scaled" else 1.0
    for _ in range(1000):
        x = (torch.rand(n, p, generator=gen, dtype=torch.float64) * 2 - 1) * scale
        beta_true = torch.randn(p, generator=gen, dtype=torch.float64) * 2 * (3 / p) ** 0.5 / scale
        u = torch.rand(n, generator=gen, dtype=torch.float64)
        y = (u < torch.sigmoid(x @ beta_true)).to(torch.float64)
        x32, y32 = x.to(torch.float32), y.to(torch.float32)
        if n >= 50 * p:
            break
        fit = _newton(x32.to(torch.float64), y32.to(torch.float64), steps=40)
        if bool(torch.isfinite(fit).all()) and float(fit.abs().max()) < 10:
            break
    return {"X": x32.to(device), "y": y32.to(device)}
