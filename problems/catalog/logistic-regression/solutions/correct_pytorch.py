import torch


# Newton's method (IRLS) in float32 on the objective with the 1e-6 ridge term, from zero.
def solve(X, y, beta, n_samples, n_features):
    x = X.reshape(n_samples, n_features)
    t = y.reshape(n_samples)
    b = torch.zeros(n_features, dtype=x.dtype, device=x.device)
    eye = torch.eye(n_features, dtype=x.dtype, device=x.device)
    for _ in range(50):
        prob = torch.sigmoid(x @ b)
        grad = x.T @ (prob - t) + 1e-6 * b
        w = (prob * (1 - prob)).clamp_min(1e-8)
        hess = x.T @ (x * w[:, None]) + 1e-6 * eye
        step = torch.linalg.solve(hess, grad)
        b = b - step
        if float(step.abs().max()) <= 1e-6 * (1 + float(b.abs().max())):
            break
    beta.copy_(b)
