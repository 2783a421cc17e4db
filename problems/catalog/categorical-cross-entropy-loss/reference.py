import torch


def reference(
    logits: torch.Tensor, true_labels: torch.Tensor, loss: torch.Tensor, N: int, C: int
) -> None:
    x = logits.reshape(N, C).to(torch.float64)
    m = x.max(dim=1, keepdim=True).values
    lse = m.squeeze(1) + torch.log(torch.exp(x - m).sum(dim=1))
    picked = x.gather(1, true_labels.reshape(N, 1).to(torch.int64)).squeeze(1)
    loss.copy_(((lse - picked).sum() / N).reshape(1))
