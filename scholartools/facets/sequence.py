"""The sequence members of the sentence-role model: small bidirectional GRUs that read an abstract's
sentences in order and give each one a distribution over the role labels.

The linear model of :mod:`scholartools.facets.roles` sees a sentence, its two neighbours and its
position; a GRU carries what the whole abstract has said before and goes on to say ("an aim came
first, findings come later, so this is how it was done"), which is what transfers across fields
when the words do not (``docs/st-facets.md``: leave-one-corpus-out). Each member's input per
sentence is its MiniLM embedding (as is, not centered), the field-independent cue features
(:func:`roles.generic_features`) and its position (:func:`roles.position_features`); the network is
a ReLU projection, one bidirectional GRU layer, and a softmax over the projection and both GRU
states. The role model averages the members' probabilities with the linear model's.

Inference is numpy (no torch at run time: st-facets starts in well under a second); training,
in :func:`fit_member`, uses torch, imported there only.
"""
from __future__ import annotations

import numpy as np

#: the arrays of one member, by name (stored in roles.npz as ``seq<i>_<name>``)
ARRAYS = ("inp_w", "inp_b", "ih_f", "hh_f", "bih_f", "bhh_f", "ih_b", "hh_b", "bih_b", "bhh_b", "out_w", "out_b")
#: the shipped recipe (docs/st-facets.md: chosen on the dev splits of the leave-one-corpus-out folds)
DEFAULT = {"members": 3, "hidden": 96, "dropout": 0.3, "epochs": 12, "lr": 2e-3, "batch": 32,
           "weight_decay": 1e-5, "balance": 1.0}


def inputs(embeddings: np.ndarray, generic: np.ndarray, position: np.ndarray) -> np.ndarray:
    """``(n, d)`` input rows of one abstract: embedding, cue features, position."""
    return np.hstack([np.asarray(embeddings, np.float32), generic, position]).astype(np.float32)


def _sigmoid(x: np.ndarray) -> np.ndarray:
    return 0.5 * (1.0 + np.tanh(0.5 * x))


def _gru(x: np.ndarray, ih: np.ndarray, hh: np.ndarray, bih: np.ndarray, bhh: np.ndarray) -> np.ndarray:
    """One GRU direction over the rows of ``x`` (torch's equations and gate order r, z, n)."""
    n, h = x.shape[0], hh.shape[1]
    gx = x @ ih.T + bih                      # (n, 3h): the input's part of the three gates
    out = np.zeros((n, h), np.float32)
    state = np.zeros(h, np.float32)
    for t in range(n):
        gh = hh @ state + bhh
        r = _sigmoid(gx[t, :h] + gh[:h])
        z = _sigmoid(gx[t, h:2 * h] + gh[h:2 * h])
        cand = np.tanh(gx[t, 2 * h:] + r * gh[2 * h:])
        state = (1.0 - z) * cand + z * state
        out[t] = state
    return out


def log_probs(x: np.ndarray, w: dict) -> np.ndarray:
    """``(n, k)`` log-probabilities of one member (weights ``w``, :data:`ARRAYS`) for input rows ``x``."""
    if not len(x):
        return np.zeros((0, w["out_b"].shape[0]))
    z = np.maximum(x @ w["inp_w"].T + w["inp_b"], 0.0)
    fwd = _gru(z, w["ih_f"], w["hh_f"], w["bih_f"], w["bhh_f"])
    bwd = _gru(z[::-1], w["ih_b"], w["hh_b"], w["bih_b"], w["bhh_b"])[::-1]
    logits = (np.hstack([z, fwd, bwd]) @ w["out_w"].T + w["out_b"]).astype(np.float64)
    logits -= logits.max(axis=1, keepdims=True)
    return logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))


def fit_member(xs: list[np.ndarray], ys: list[list[int]], ws: list[np.ndarray], n_labels: int,
               seed: int, config: dict = DEFAULT) -> dict:
    """Train one member with torch on documents ``xs`` (input rows), ``ys`` (label indices, -1 for
    an unlabelled sentence) and ``ws`` (a weight per sentence); returns its numpy weights.
    Deterministic for a seed (one thread)."""
    from scholartools.extras import require

    torch = require("torch", "training the sentence-role members")
    nn = torch.nn
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    h = config["hidden"]

    class Net(nn.Module):
        def __init__(self, d_in: int):
            super().__init__()
            self.drop = nn.Dropout(config["dropout"])
            self.inp = nn.Linear(d_in, h)
            self.gru = nn.GRU(h, h // 2, batch_first=True, bidirectional=True)
            self.out = nn.Linear(h + 2 * (h // 2), n_labels)

        def forward(self, x):
            z = torch.relu(self.inp(self.drop(x)))
            g, _ = self.gru(z)
            return self.out(self.drop(torch.cat([z, g], -1)))

    try:
        net = Net(xs[0].shape[1])
        opt = torch.optim.Adam(net.parameters(), lr=config["lr"], weight_decay=config["weight_decay"])
        order = np.arange(len(xs))
        for _ in range(config["epochs"]):
            rng.shuffle(order)
            net.train()
            for start in range(0, len(order), config["batch"]):
                batch = order[start:start + config["batch"]]
                length = max(len(xs[i]) for i in batch)
                xb = np.zeros((len(batch), length, xs[0].shape[1]), np.float32)
                yb = np.full((len(batch), length), -100, np.int64)
                wb = np.zeros((len(batch), length), np.float32)
                for j, i in enumerate(batch):
                    n = len(xs[i])
                    xb[j, :n], wb[j, :n] = xs[i], ws[i]
                    yb[j, :n] = [y if y >= 0 else -100 for y in ys[i]]
                logits = net(torch.from_numpy(xb)).reshape(-1, n_labels)
                loss = nn.functional.cross_entropy(logits, torch.from_numpy(yb).reshape(-1), reduction="none",
                                                   ignore_index=-100)
                wt = torch.from_numpy(wb).reshape(-1)
                loss = (loss * wt).sum() / max(1.0, float((wt > 0).sum()))
                opt.zero_grad()
                loss.backward()
                opt.step()
        g = {k: v.detach().numpy().astype(np.float32) for k, v in net.gru.named_parameters()}
        return {"inp_w": net.inp.weight.detach().numpy(), "inp_b": net.inp.bias.detach().numpy(),
                "ih_f": g["weight_ih_l0"], "hh_f": g["weight_hh_l0"], "bih_f": g["bias_ih_l0"],
                "bhh_f": g["bias_hh_l0"], "ih_b": g["weight_ih_l0_reverse"], "hh_b": g["weight_hh_l0_reverse"],
                "bih_b": g["bias_ih_l0_reverse"], "bhh_b": g["bias_hh_l0_reverse"],
                "out_w": net.out.weight.detach().numpy(), "out_b": net.out.bias.detach().numpy()}
    finally:
        torch.set_num_threads(threads)

