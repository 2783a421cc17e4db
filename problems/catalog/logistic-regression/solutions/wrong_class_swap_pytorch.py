import torch


# Bug: the model's probability is computed as sigmoid(-x.b) (the probability of class 0), so
# the fit converges to the negated coefficients.
def solve(X, y, beta, n_samples, n_features):
    x = X.reshape(n_samples, n_features)
    t = y.reshape(n_samples)
    b = torch.zeros(n_features, dtype=x.dtype, device=x.device)
    eye = torch.eye(n_features, dtype=x.dtype, device=x.device)
    for _ in range(50):
        prob = torch.sigmoid(-(x @ b))
        grad = -(x.T @ (prob - t)) + 1e-6 * b
        w = (prob * (1 - prob)).clamp_min(1e-8)
        hess = x.T @ (x * w[:, None]) + 1e-6 * eye
        step = torch.linalg.solve(hess, grad)
        b = b - step
        if float(step.abs().max()) <= 1e-6 * (1 + float(b.abs().max())):
            break
    beta.copy_(b)
