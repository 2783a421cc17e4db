import torch


# Bug: reads X as if it were stored column by column (feature-major) instead of row-major.
def solve(X, y, beta, n_samples, n_features):
    x = X.reshape(-1).view(n_features, n_samples).T
    gram = x.T @ x
    rhs = x.T @ y.reshape(n_samples, 1)
    beta.copy_(torch.linalg.solve(gram, rhs).reshape(n_features))
