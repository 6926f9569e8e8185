"""A GPT-2-style decoder block with its token and position embeddings, as
Hugging Face's GPT2Model writes one layer (pre-norm attention with a causal
mask taken from a registered lower-triangular buffer, a GELU MLP), in a small
configuration. Token ids of shape (batch, sequence) in, hidden states out."""

import math

import torch
from torch import nn


class CausalSelfAttention(nn.Module):
    def __init__(self, hidden, heads, max_positions):
        super().__init__()
        self.heads = heads
        self.c_attn = nn.Linear(hidden, 3 * hidden)
        self.c_proj = nn.Linear(hidden, hidden)
        self.register_buffer("bias", torch.tril(torch.ones(
            max_positions, max_positions)).view(1, 1, max_positions,
                                                max_positions))

    def forward(self, x):
        batch, seq, hidden = x.shape
        q, k, v = self.c_attn(x).chunk(3, dim=-1)
        head = hidden // self.heads

        def split(t):
            return t.view(batch, seq, self.heads, head).transpose(1, 2)
        q, k, v = split(q), split(k), split(v)
        scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(head)
        mask = self.bias[:, :, :seq, :seq]
        scores = torch.where(mask > 0, scores,
                             torch.tensor(-1e4, dtype=scores.dtype))
        probs = torch.softmax(scores, dim=-1)
        out = torch.matmul(probs, v).transpose(1, 2).reshape(batch, seq,
                                                             hidden)
        return self.c_proj(out)


class Block(nn.Module):
    def __init__(self, vocab=97, hidden=32, heads=4, max_positions=64):
        super().__init__()
        self.wte = nn.Embedding(vocab, hidden)
        self.wpe = nn.Embedding(max_positions, hidden)
        self.ln_1 = nn.LayerNorm(hidden)
        self.attn = CausalSelfAttention(hidden, heads, max_positions)
        self.ln_2 = nn.LayerNorm(hidden)
        self.fc = nn.Linear(hidden, 4 * hidden)
        self.proj = nn.Linear(4 * hidden, hidden)
        self.ln_f = nn.LayerNorm(hidden)

    def forward(self, ids):
        positions = torch.arange(ids.shape[1]).unsqueeze(0)
        x = self.wte(ids) + self.wpe(positions)
        x = x + self.attn(self.ln_1(x))
        h = nn.functional.gelu(self.fc(self.ln_2(x)), approximate="tanh")
        x = x + self.proj(h)
        return self.ln_f(x)


def gpt2_block():
    return Block()
