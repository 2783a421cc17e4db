import torch


# Bug: adds position_embeddings[t] for the t-th token instead of looking up
# position_embeddings[position_ids[t]].
def solve(token_ids, position_ids, token_embeddings, position_embeddings, gamma, beta, output,
          B, T, V, P, D, eps):
    s = token_embeddings[token_ids.long()] + position_embeddings[:T]
    output.copy_(torch.nn.functional.layer_norm(s, (D,), gamma, beta, eps))
