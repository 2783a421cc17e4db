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
