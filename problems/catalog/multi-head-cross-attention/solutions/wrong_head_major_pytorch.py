import math

import torch


def solve(Q, K, V, output, M, N, H, D):
    # Bug: reads the buffers as head-major [H, positions, D] instead of [positions, H, D].
    q = Q.reshape(H, M, D)
    k = K.reshape(H, N, D)
    v = V.reshape(H, N, D)
    p = torch.softmax(q @ k.transpose(1, 2) / math.sqrt(D), dim=-1)
    output.copy_((p @ v).reshape(M, H, D))
