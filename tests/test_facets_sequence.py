"""The sequence members of the role model: the numpy forward pass is torch's GRU network, a member
learns a sequence rule no single sentence shows, and the shipped model's members are used."""
from __future__ import annotations

import numpy as np

from scholartools.facets import sequence


def _torch_log_probs(w: dict, x: np.ndarray) -> np.ndarray:
    """The same network built in torch from the member's weights."""
    import torch
    from torch import nn

    h2 = w["hh_f"].shape[1]
    inp = nn.Linear(x.shape[1], w["inp_w"].shape[0])
    gru = nn.GRU(w["inp_w"].shape[0], h2, batch_first=True, bidirectional=True)
    out = nn.Linear(w["out_w"].shape[1], w["out_w"].shape[0])
    with torch.no_grad():
        inp.weight.copy_(torch.from_numpy(w["inp_w"]))
        inp.bias.copy_(torch.from_numpy(w["inp_b"]))
        for suffix, d in (("", "f"), ("_reverse", "b")):
            getattr(gru, f"weight_ih_l0{suffix}").copy_(torch.from_numpy(w[f"ih_{d}"]))
            getattr(gru, f"weight_hh_l0{suffix}").copy_(torch.from_numpy(w[f"hh_{d}"]))
            getattr(gru, f"bias_ih_l0{suffix}").copy_(torch.from_numpy(w[f"bih_{d}"]))
            getattr(gru, f"bias_hh_l0{suffix}").copy_(torch.from_numpy(w[f"bhh_{d}"]))
        out.weight.copy_(torch.from_numpy(w["out_w"]))
        out.bias.copy_(torch.from_numpy(w["out_b"]))
        z = torch.relu(inp(torch.from_numpy(x)[None]))
        g, _ = gru(z)
        return torch.log_softmax(out(torch.cat([z, g], -1)), -1)[0].numpy()


def test_numpy_forward_is_torchs_network():
    rng = np.random.default_rng(0)
    d, h, k = 11, 8, 5
    w = {"inp_w": rng.normal(size=(h, d)), "inp_b": rng.normal(size=h),
         "out_w": rng.normal(size=(k, 2 * h)), "out_b": rng.normal(size=k)}
    for direction in "fb":
        w |= {f"ih_{direction}": rng.normal(size=(3 * h // 2, h)), f"hh_{direction}": rng.normal(size=(3 * h // 2, h // 2)),
              f"bih_{direction}": rng.normal(size=3 * h // 2), f"bhh_{direction}": rng.normal(size=3 * h // 2)}
    w = {name: v.astype(np.float32) for name, v in w.items()}
    x = rng.normal(size=(7, d)).astype(np.float32)
    np.testing.assert_allclose(sequence.log_probs(x, w), _torch_log_probs(w, x), atol=2e-5)
    assert sequence.log_probs(x[:0], w).shape == (0, k)


def test_a_member_learns_what_only_the_order_tells():
    """Every sentence looks the same except the first; the label is 1 after a marked sentence, 0
    before it. No per-sentence classifier can do this; one member learns it."""
    rng = np.random.default_rng(1)
    xs, ys, ws = [], [], []
    for _ in range(120):
        n = int(rng.integers(4, 9))
        mark = int(rng.integers(1, n - 1))
        x = np.zeros((n, 3), np.float32)
        x[:, 0] = rng.normal(size=n) * 0.1
        x[mark, 1] = 1.0
        xs.append(x)
        ys.append([0 if i <= mark else 1 for i in range(n)])
        ws.append(np.ones(n, np.float32))
    w = sequence.fit_member(xs, ys, ws, 2, seed=0,
                            config=dict(sequence.DEFAULT, hidden=16, epochs=40, dropout=0.0, lr=1e-2))
    right = sum(int(y == p) for x, ys_ in zip(xs, ys)
                for y, p in zip(ys_, sequence.log_probs(x, w).argmax(axis=1)))
    assert right / sum(len(y) for y in ys) > 0.95
    assert set(w) == set(sequence.ARRAYS)


def test_the_shipped_model_averages_its_members_without_importing_torch():
    """The shipped role model carries three BiGRU members (docs/st-facets.md: they lift
    leave-one-corpus-out macro-F1 from 0.655 / 0.742 / 0.761 to 0.744 / 0.743 / 0.798); its
    log-probabilities are the mean of the linear model's and the members' probabilities (a recipe's
    ``linear_share`` gives the linear model another share); and
    st-facets runs them in numpy: torch is never imported."""
    import subprocess
    import sys

    from cli_helpers import ROOT
    from scholartools.facets.roles import MODEL_DIR, RoleModel, generic_features, load_model, position_features

    model = load_model()
    assert len(model.sequence) == model.meta["sequence"]["members"] == 3
    sents = ["Parsers are slow.", "We propose a linear-time parser.", "It is ten times faster."]
    emb = np.random.default_rng(0).normal(size=(3, 384)).astype(np.float32)
    emb /= np.linalg.norm(emb, axis=1, keepdims=True)
    linear = model.features(sents, emb) @ model.coef + model.intercept
    linear = np.exp(linear - linear.max(axis=1, keepdims=True))
    linear /= linear.sum(axis=1, keepdims=True)
    x = sequence.inputs(emb, generic_features(sents), position_features(3))
    members = sum(np.exp(sequence.log_probs(x, m)) for m in model.sequence) / 3
    assert model.linear_share == 0.25                      # saved without a share: all weigh the same
    np.testing.assert_allclose(np.exp(model.log_probs(sents, emb)), (linear + 3 * members) / 4, atol=1e-5)
    halves = RoleModel.load(MODEL_DIR)                     # not load_model()'s shared copy
    halves.meta["sequence"]["linear_share"] = 0.5          # a recipe's "linear_share"
    np.testing.assert_allclose(np.exp(halves.log_probs(sents, emb)), (linear + members) / 2, atol=1e-5)
    code = ("import sys; from scholartools.facets.roles import load_model; "
            "print(load_model().predict(['Parsers are slow.', 'We propose a parser.', 'It is faster.'])); "
            "assert 'torch' not in sys.modules, 'torch imported'")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]


def test_members_seeds_start_at_first_seed():
    """``first_seed`` shifts the members' seeds (seed-spread measurements in
    benchmarks/facets_roles_transfer.py); the default keeps the shipped model's seeds 0, 1, 2."""
    from tools.train_roles import fit_sequence

    rng = np.random.default_rng(0)
    docs = [(["We study parsing.", "We trained a model.", "Accuracy rose to 91%."],
             ["background", "method", "result"]) for _ in range(4)]
    embs = [rng.normal(size=(3, 4)).astype(np.float32) for _ in docs]
    config = dict(sequence.DEFAULT, members=1, hidden=8, epochs=1)
    default = fit_sequence([docs], [embs], [1.0], config)[0]
    shifted = fit_sequence([docs], [embs], [1.0], dict(config, first_seed=2))[0]
    again = fit_sequence([docs], [embs], [1.0], dict(config, first_seed=2))[0]
    assert all(np.array_equal(shifted[k], again[k]) for k in sequence.ARRAYS)
    assert not np.array_equal(default["inp_w"], shifted["inp_w"])
    seed0 = fit_sequence([docs], [embs], [1.0], dict(config, first_seed=0))[0]
    assert all(np.array_equal(default[k], seed0[k]) for k in sequence.ARRAYS)
