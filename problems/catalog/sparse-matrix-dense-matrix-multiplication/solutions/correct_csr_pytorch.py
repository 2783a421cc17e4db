import torch


# Compress A to CSR and multiply it with the dense B.
def solve(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, M: int, N: int, K: int,
          nnz: int) -> None:
    sparse = A.to_sparse_csr()
    C.copy_(torch.sparse.mm(sparse, B) if nnz > 0 else torch.zeros_like(C))
