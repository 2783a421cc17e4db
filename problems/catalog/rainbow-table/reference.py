import torch

FNV_OFFSET = 2166136261
FNV_PRIME = 16777619
MASK32 = 0xFFFFFFFF


# FNV-1a over the four bytes of a 32-bit word, least-significant byte first, applied R times.
# Done in int64 (a 32-bit value times the prime fits), masked back to 32 bits after each step.
def reference(input: torch.Tensor, output: torch.Tensor, N: int, R: int) -> None:
    s = input.reshape(-1).to(torch.int64) & MASK32
    for _ in range(R):
        h = torch.full_like(s, FNV_OFFSET)
        for b in range(4):
            h = ((h ^ ((s >> (8 * b)) & 0xFF)) * FNV_PRIME) & MASK32
        s = h
    output.view(-1).copy_(s.to(torch.uint32))
