import torch


# Bug: both sides count only strictly smaller elements of the other array, so equal values
# in A and B are sent to the same slot and the slot after them is never written.
def solve(A, B, C, M, N):
    pos_a = torch.arange(M, device=A.device) + torch.searchsorted(B, A, right=False)
    pos_b = torch.arange(N, device=B.device) + torch.searchsorted(A, B, right=False)
    C[pos_a] = A
    C[pos_b] = B
