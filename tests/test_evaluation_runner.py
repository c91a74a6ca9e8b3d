"""The run machinery: caching/resume, order under concurrency, settings hashing, variant settings.

The end-to-end tests at the bottom run the real text head / pipeline (slow marker)."""

import json
import threading
import time
from pathlib import Path

import pytest

from mer_agents.config import Settings
from mer_agents.evaluation.cache import ResultCache, settings_hash
from mer_agents.evaluation.runner import run_items, write_out


class Item:
    def __init__(self, id):
        self.id = id


class Interrupted(Exception):
    pass


ITEMS = [Item(f"i{k}") for k in range(6)]


def test_second_run_reads_the_cache(tmp_path):
    """A plain counting function (no model): the second run must compute nothing."""
    calls = []

    def fn(item):
        calls.append(item.id)
        return {"value": item.id.upper()}

    cache = ResultCache(tmp_path / "c.jsonl")
    first = run_items(ITEMS, fn, cache=cache, variant="v", hash_="h", progress=False)
    assert [r["value"] for r in first] == ["I0", "I1", "I2", "I3", "I4", "I5"]
    assert len(calls) == 6 and not any(r["cached"] for r in first)

    reopened = ResultCache(tmp_path / "c.jsonl")
    second = run_items(ITEMS, fn, cache=reopened, variant="v", hash_="h", progress=False)
    assert len(calls) == 6 and all(r["cached"] for r in second) and reopened.hits == 6
    assert [r["value"] for r in second] == [r["value"] for r in first]

    other = run_items(ITEMS[:2], fn, cache=reopened, variant="v", hash_="other-settings", progress=False)
    assert len(calls) == 8 and not any(r["cached"] for r in other)


def test_interrupted_run_resumes(tmp_path):
    """The function dies on the 4th item (as a killed run would); a rerun computes only the rest."""
    calls, dead = [], [True]

    def flaky(item):
        calls.append(item.id)
        if item.id == "i3" and dead[0]:
            dead[0] = False
            raise Interrupted
        return {"ok": True}

    path = tmp_path / "c.jsonl"
    with pytest.raises(Interrupted):
        run_items(ITEMS, flaky, cache=ResultCache(path), variant="v", hash_="h", progress=False)
    with path.open("a") as fh:
        fh.write('{"key": "i9|v|h", "resu')  # a line cut short by the interruption is ignored
    calls.clear()
    results = run_items(ITEMS, flaky, cache=ResultCache(path), variant="v", hash_="h", progress=False)
    assert calls == ["i3", "i4", "i5"] and len(results) == 6


def test_errors_are_not_cached(tmp_path):
    cache = ResultCache(tmp_path / "c.jsonl")
    run_items(
        ITEMS[:2], lambda it: {"error": "server down"}, cache=cache, variant="v", hash_="h", progress=False
    )
    assert len(cache) == 0


def test_concurrency_keeps_item_order(tmp_path):
    seen_threads = set()

    def slow(item):
        seen_threads.add(threading.get_ident())
        time.sleep(0.05 * (6 - int(item.id[1:])))  # later items finish first
        return {"id": item.id}

    results = run_items(
        ITEMS,
        slow,
        cache=ResultCache(tmp_path / "c.jsonl"),
        variant="v",
        hash_="h",
        concurrency=3,
        progress=False,
    )
    assert [r["id"] for r in results] == [it.id for it in ITEMS]
    assert len(seen_threads) > 1


def test_settings_hash_tracks_what_changes_results(tmp_path):
    base = Settings()
    assert settings_hash(base) == settings_hash(Settings(cache_dir=tmp_path, n_threads=1))
    assert settings_hash(base) != settings_hash(Settings(seed=1))
    assert settings_hash(base) != settings_hash(Settings(reflection=False))
    assert settings_hash(base, context_turns=2) != settings_hash(base, context_turns=3)


def test_variant_settings():
    from mer_agents.errors import MerError
    from mer_agents.evaluation.esconv import variant_settings

    s = Settings()
    assert variant_settings(s, "full").reflection is True
    assert variant_settings(s, "no-reflection").reflection is False
    assert variant_settings(s, "no-consistency").consistency is False
    assert variant_settings(s, "one-pass").one_pass is True
    assert variant_settings(s, "no-judge").judge_ranks is False
    assert variant_settings(variant_settings(s, "no-judge"), "full").judge_ranks is True
    best = variant_settings(s, "best-of-n")
    assert best.reflection is False and best.best_of == 5
    assert variant_settings(best, "full").best_of == 1  # each variant changes one thing from the full method
    with pytest.raises(MerError, match="unknown variant"):
        variant_settings(s, "half")


def test_write_out_is_json(tmp_path):
    path = write_out(tmp_path / "o" / "x.json", {"task": "meld", "n": 1})
    assert json.loads(path.read_text())["n"] == 1


# ------------------------------------------------------------------------------ real end-to-end (slow)

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
MELD_DEV = DATA / "meld" / "dev_sent_emo.csv"
ESCONV_DEV = DATA / "esconv" / "devWithStrategy_short.tsv"


def _eval(argv):
    """`python -m mer_agents eval ...` in-process (the eval subcommand's own parser and main)."""
    import argparse

    from mer_agents.commands import eval as eval_command

    parser = argparse.ArgumentParser()
    eval_command.add_arguments(parser)
    return eval_command.main(parser.parse_args(argv))


@pytest.fixture(scope="module")
def real_outs(tmp_path_factory):
    """Real runs: MELD text head (5 utterances) + forecaster (2), ESConv full vs no-reflection (2 turns),
    on the embedded LLM."""
    if not MELD_DEV.is_file() or not ESCONV_DEV.is_file():
        pytest.skip("shared dev data absent")
    root = tmp_path_factory.mktemp("eval")
    cache = root / "cache.jsonl"
    meld = root / "results" / "meld.json"
    assert (
        _eval(
            [
                "meld",
                "--csv",
                str(MELD_DEV),
                "--limit",
                "5",
                "--llm-limit",
                "2",
                "--backend",
                "embedded",
                "--threads",
                "1",
                "--no-progress",
                "--cache",
                str(cache),
                "--out",
                str(meld),
            ]
        )
        == 0
    )
    esconv = root / "results" / "esconv.json"
    assert (
        _eval(
            [
                "esconv",
                "--tsv",
                str(ESCONV_DEV),
                "--limit",
                "2",
                "--variants",
                "full,no-reflection",
                "--backend",
                "embedded",
                "--max-rounds",
                "1",
                "--threads",
                "1",
                "--no-progress",
                "--cache",
                str(cache),
                "--out",
                str(esconv),
            ]
        )
        == 0
    )
    return root, cache, meld, esconv


@pytest.mark.slow
def test_real_meld_and_esconv_runs_resume_from_cache(real_outs):
    root, cache, meld_path, esconv_path = real_outs
    meld = json.loads(meld_path.read_text())
    head = meld["variants"]["text_head"]
    assert meld["n"] == 5 and head["n"] == 5 and 0 <= head["weighted_f1"] <= 1
    assert sum(map(sum, head["confusion"])) == 5 and meld["models"]["text_head"]
    llm = meld["variants"]["llm_forecast"]
    assert llm["n"] + llm["failed"] == 2 and meld["variants"]["llm_forecast_fused"]["n"] == llm["n"]
    esconv = json.loads(esconv_path.read_text())
    for name in ("full", "no-reflection"):
        block = esconv["variants"][name]
        assert block["n"] == 2 and block["failed"] == 0, block["errors"]
        assert {
            "strategy_accuracy",
            "strategy_macro_f1",
            "bleu2",
            "rougeL",
            "dist1",
            "dist2",
            "strategy_adherence",
            "tokens_per_turn",
            "seconds_per_turn",
        } <= set(block)
        loop = block["loop_targets"]
        assert loop["guard_failures"] == 0 and 0 <= loop["classifier_adherence"] <= 1
        assert block["n_timed"] == 2 and block["strategy_accuracy_ci95"] is not None
    assert esconv["variants"]["full"]["audited_share"] == 1.0
    # per-item outputs beside the OUT file: every item of every variant, with its reply and checks
    items = [
        json.loads(line) for line in (esconv_path.parent / "esconv.items.jsonl").read_text().splitlines()
    ]
    assert len(items) == 4 and all(r["reply"] and r["checks"]["guard_ok"] for r in items)
    assert {r["variant"] for r in items} == {"full", "no-reflection"} and all(r["gold_reply"] for r in items)
    assert esconv["provenance"]["code_hash"] and set(esconv["baselines"]) >= {"majority", "knn_only"}
    assert esconv["variants"]["no-reflection"]["audit_pass_before"] is None
    # the same command again is answered from the cache, item by item
    again = root / "again.json"
    assert (
        _eval(
            [
                "esconv",
                "--tsv",
                str(ESCONV_DEV),
                "--limit",
                "2",
                "--variants",
                "full,no-reflection",
                "--backend",
                "embedded",
                "--max-rounds",
                "1",
                "--threads",
                "1",
                "--no-progress",
                "--cache",
                str(cache),
                "--out",
                str(again),
            ]
        )
        == 0
    )
    second = json.loads(again.read_text())
    assert second["cache"]["hits"] == 4
    assert second["variants"]["full"]["seconds_per_turn"] is None  # timings are never reused from the cache
    assert second["variants"]["full"]["strategy_accuracy"] == esconv["variants"]["full"]["strategy_accuracy"]


@pytest.mark.slow
def test_report_from_real_outs(real_outs):
    root, _, _, _ = real_outs
    out = root / "results.md"
    assert _eval(["report", "--in", str(root / "results"), "--out", str(out)]) == 0
    text = out.read_text()
    assert "### MELD" in text and "### ESConv" in text and "python -m mer_agents eval esconv" in text
    assert "| full |" in text and "| no-reflection |" in text and "loop's own targets" in text
    assert (root / "results" / "esconv.html").is_file()


def test_bad_inputs_are_one_line_errors(tmp_path):
    from mer_agents.errors import MerError

    with pytest.raises(MerError, match="not found") as missing:
        _eval(["meld", "--csv", str(tmp_path / "missing.csv"), "--no-llm", "--out", str(tmp_path / "o.json")])
    with pytest.raises(MerError, match="no eval OUT files") as empty:
        _eval(["report", "--in", str(tmp_path), "--out", str(tmp_path / "r.md")])
    with pytest.raises(MerError, match="unknown variant"):
        _eval(
            [
                "esconv",
                "--tsv",
                str(tmp_path / "x.tsv"),
                "--variants",
                "full,half",
                "--out",
                str(tmp_path / "o"),
            ]
        )
    assert "\n" not in str(missing.value) and "\n" not in str(empty.value)


@pytest.mark.slow
def test_a_new_report_leaves_out_the_turns_an_earlier_run_read(real_outs, tmp_path):
    """`--exclude-items`: the turns of the earlier run's items.jsonl are left out before the subset is
    taken, so the same --limit reads two new turns (a second report of the embedded pipeline)."""
    from mer_agents.evaluation.runner import items_path

    root, cache, _, esconv_path = real_outs
    earlier = items_path(esconv_path)
    out = tmp_path / "second.json"
    argv = ["esconv", "--tsv", str(ESCONV_DEV), "--limit", "2", "--variants", "full", "--backend", "embedded"]
    argv += ["--max-rounds", "0", "--threads", "1", "--no-progress", "--cache", str(cache), "--out", str(out)]
    assert _eval([*argv, "--exclude-items", str(earlier)]) == 0
    first = {json.loads(line)["id"] for line in earlier.read_text().splitlines()}
    second = [json.loads(line) for line in items_path(out).read_text().splitlines()]
    assert len(first) == 2 and len(second) == 2 and not first & {item["id"] for item in second}
    result = json.loads(out.read_text())
    assert result["excluded"] == 2 and "--exclude-items" in result["command"]


def test_bad_excluded_items_are_one_line_errors(tmp_path):
    from mer_agents.errors import MerError

    tsv = str(tmp_path / "x.tsv")
    with pytest.raises(MerError, match="not found"):
        _eval(
            [
                "esconv",
                "--tsv",
                tsv,
                "--exclude-items",
                str(tmp_path / "no.jsonl"),
                "--out",
                str(tmp_path / "o"),
            ]
        )
    bad = tmp_path / "bad.items.jsonl"
    bad.write_text('{"id": "esconv-dev-000_t1"}\n{"variant": "full"}\n', encoding="utf-8")
    with pytest.raises(MerError, match="bad.items.jsonl line 2: not an items.jsonl line with an id"):
        _eval(["esconv", "--tsv", tsv, "--exclude-items", str(bad), "--out", str(tmp_path / "o")])


@pytest.mark.slow
def test_batched_text_head_equals_perceive_text():
    """The MELD text_head variant's batch reading is perceive_text's reading, utterance by utterance."""
    if not MELD_DEV.is_file():
        pytest.skip("shared dev data absent")
    from mer_agents.evaluation.meld import text_head_predictions
    from mer_agents.evaluation.readers import read_meld
    from mer_agents.perception import perceive_text

    settings = Settings()
    items = read_meld(MELD_DEV)[:6]
    batch, _ = text_head_predictions(items, settings)
    for item, probs in zip(items, batch):
        single = perceive_text(item.text, settings, context=item.context).modalities.text.probs
        assert single == pytest.approx(probs, abs=1e-5)


def test_cache_key_follows_the_code(monkeypatch, tmp_path):
    """Editing an agent, prompt or asset changes the code hash, and the ESConv/MELD cache keys include it:
    no stale result is reused across code versions."""
    import inspect

    from mer_agents.evaluation import esconv, meld, provenance

    (tmp_path / "mer_agents").mkdir()
    (tmp_path / "assets").mkdir()
    agent = tmp_path / "mer_agents" / "agent.py"
    agent.write_text("X = 1\n")
    monkeypatch.setattr(provenance, "ROOT", tmp_path)
    provenance.code_hash.cache_clear()
    before = provenance.code_hash()
    agent.write_text("X = 2\n")
    provenance.code_hash.cache_clear()
    assert provenance.code_hash() != before
    provenance.code_hash.cache_clear()
    assert "code=code_hash()" in inspect.getsource(esconv.evaluate_esconv)
    assert "code=code_hash()" in inspect.getsource(meld.evaluate_meld)


def test_recorded_command_and_settings_carry_no_machine_paths(monkeypatch):
    """An OUT file names the cache as a reader can retype it and drops this machine's cache/trace dirs."""
    import argparse
    import os

    for name in [k for k in os.environ if k.startswith("MER_")]:
        monkeypatch.delenv(name)

    from mer_agents.commands.eval import _command
    from mer_agents.evaluation.cache import MACHINE_SETTINGS

    args = argparse.Namespace(
        task="esconv",
        cache=Path.home() / ".cache" / "mer_agents" / "eval" / "x.jsonl",
        out=Path("docs/results/o.json"),
    )
    assert _command(args, [("--cache", "cache"), ("--out", "out")]) == (
        "python -m mer_agents eval esconv --cache ~/.cache/mer_agents/eval/x.jsonl --out docs/results/o.json"
    )
    dumped = Settings().model_dump(mode="json", exclude=MACHINE_SETTINGS)
    assert not {"cache_dir", "trace_dir", "api_key"} & set(dumped)
    monkeypatch.setenv("MER_MODEL", "qwen2.5-coder-1.5b")  # the run's variables lead the command ...
    monkeypatch.setenv("MER_API_KEY", "secret")  # ... but never a key
    assert _command(args, [("--out", "out")]) == (
        "MER_MODEL=qwen2.5-coder-1.5b python -m mer_agents eval esconv --out docs/results/o.json"
    )


def test_report_pools_outs_that_differ_only_in_the_seed():
    """The committed seed runs (docs/results/esconv_dev_seed{0,1,2}.json, real outputs): one pooled table,
    its means the means of the per-seed accuracies, the paired interval from the per-item outputs."""
    from mer_agents.evaluation import report

    results = Path(__file__).resolve().parents[1] / "docs" / "results"
    outs = report.load_outs(results)
    groups = [[o["_file"] for o in g] for g in report.seed_groups(outs)]
    assert ["esconv_dev_seed0.json", "esconv_dev_seed1.json", "esconv_dev_seed2.json"] in groups
    group = next(g for g in report.seed_groups(outs) if g[0]["_file"] == "esconv_dev_seed0.json")
    text = "\n".join(report.seeds_section(group, results))
    accs = [o["variants"]["full"]["strategy_accuracy"] for o in group]
    assert "3 seeds pooled (0, 1, 2)" in text and "60 turns" in text
    assert f"| full | {' / '.join(f'{a:.3f}' for a in accs)} | {sum(accs) / 3:.3f} |" in text
    assert "| no-reflection |" in text and "| majority |" in text
    assert report.seed_key(group[0]) == report.seed_key(group[2]) != report.seed_key(outs[0])


def test_report_pools_a_variant_added_later_at_the_same_commit():
    """The committed 200-turn runs at a795f1e (real outputs): full and no-reflection in one invocation per
    seed, best-of-n (and one-pass) added by later ones on the same turns and seeds; one pooled table holds
    them all, each seed's files merged, best-of-n's paired interval against full from the per-item
    outputs."""
    from mer_agents.evaluation import report

    results = Path(__file__).resolve().parents[1] / "docs" / "results"
    outs = report.load_outs(results)
    group = next(g for g in report.seed_groups(outs) if "esconv_dev_200_seed0_a795f1e.json" in g[0]["_files"])
    assert [o["_files"][:2] for o in group] == [
        [f"esconv_dev_200_seed{s}_a795f1e.json", f"esconv_dev_200_seed{s}_a795f1e_best_of_n.json"]
        for s in (0, 1, 2)
    ]
    text = "\n".join(report.seeds_section(group, results))
    accs = [o["variants"]["best-of-n"]["strategy_accuracy"] for o in group]
    assert "3 seeds pooled (0, 1, 2)" in text and "| no-reflection |" in text
    assert f"| best-of-n | {' / '.join(f'{a:.3f}' for a in accs)} | {sum(accs) / 3:.3f} |" in text


def test_readme_index_is_filled_from_the_committed_outs(tmp_path):
    """`eval report --readme`: the marked block gets one row per committed OUT file (its n, headline with
    intervals, commit and command); text around the block is kept; a file without the block is an error."""
    from mer_agents.evaluation import report
    from mer_agents.evaluation.readers import DataError

    results = Path(__file__).resolve().parents[1] / "docs" / "results"
    readme = tmp_path / "README.md"
    readme.write_text(f"# x\n\nbefore\n{report.README_BEGIN}\nstale\n{report.README_END}\nafter\n")
    assert _eval(["report", "--in", str(results), "--out", str(tmp_path / "r.md"), "--no-charts",
                  "--readme", str(readme)]) == 0  # fmt: skip
    text = readme.read_text()
    assert "stale" not in text and text.startswith("# x\n\nbefore\n") and text.endswith("after\n")
    assert (
        "| `meld_dev_text_head.json` | MELD dev, text head | 1109 | weighted-F1 0.538 [0.507, 0.569]" in text
    )
    assert (
        "| `judge3_esconv_dev.json` | blind judge" in text and "python -m mer_agents eval judge-score" in text
    )
    plain = tmp_path / "plain.md"
    plain.write_text("no block\n")
    with pytest.raises(DataError, match="no .* block"):
        report.write_readme_index(plain, report.load_outs(results))


@pytest.mark.slow
def test_the_evaluation_checks_the_tone_the_audit_checked():
    """Real path (embedded model, text head per sentence): a carer's loving words with a hard sentence. The
    audit checks the reply's tone against the hard sentence (checks.tone_emotion), and the evaluation
    records that `tone` and re-checks the kept reply with it, not with the forecast's emotion alone."""
    from mer_agents.agents.checks import NEGATIVE_EMOTIONS
    from mer_agents.backends import get_backend
    from mer_agents.config import Settings
    from mer_agents.evaluation.esconv import reply_checks, run_turn
    from mer_agents.evaluation.esconv_data import EsconvTurn
    from mer_agents.evaluation.readers import EsconvItem

    said = (  # round 8 of the crisis detector reads "…and I cry in the car before I go in" as a risk (P 0.95)
        "I love my dad and I want to look after him. But I haven't slept a full night in months and I'm so "
        "stressed all the time."
    )
    item = EsconvItem(
        id="test_t1",
        line=1,
        dialogue_id="esconv-test-000",
        context=(EsconvTurn(index=0, speaker="seeker", text=said),),
        strategy="Reflection of feelings",
        reply="That sounds exhausting.",
    )
    settings = Settings(max_rounds=0)
    record = run_turn(item, settings, get_backend(settings))
    assert record["tone"] in NEGATIVE_EMOTIONS, record
    checked = reply_checks(item, record["reply"], record["strategy"], record["tone"], settings)
    audited = record["verdicts"]["0"]
    reply_issues = next(v["issues"] for v in audited if v["stage"] == "reply")
    audit_tone_ok = not any("words to a person feeling" in issue for issue in reply_issues)  # tone_mismatch
    assert checked["tone_mismatch"] == audit_tone_ok, (checked, audited)


def test_the_results_index_names_the_split_an_esconv_run_read():
    """Pure: a run on the held-out train slice is not labelled dev in the README's results index."""
    from mer_agents.evaluation.esconv import HELDOUT_TRAIN_DATA
    from mer_agents.evaluation.report import headline

    variant = {"strategy_accuracy": 0.23, "strategy_accuracy_ci95": [0.15, 0.32], "n": 100}
    out = {"task": "esconv", "n": 100, "settings": {"seed": 0}, "variants": {"full": variant}}
    assert headline({**out, "data": HELDOUT_TRAIN_DATA})[0] == "ESConv held-out train, seed 0"
    assert headline({**out, "data": "devWithStrategy_short.tsv"})[0] == "ESConv dev, seed 0"


def test_the_loop_record_counts_the_checks_the_audit_counts():
    """Pure code (scripted candidates): a reply the reply judge ranked first does not count the checks the
    judge overrules as failed (stage_checks.audit_reply does not send it back for them); other replies
    count every failed check."""
    from mer_agents.evaluation.esconv import _failed_checks
    from mer_agents.types import Candidate, Reply

    judged = Candidate(source="exemplar", text="a", judge=1.0, failed=["length", "tone_mismatch"])
    other = Candidate(source="exemplar", text="b", judge=0.5, failed=["length"])
    assert _failed_checks(Reply(text="a", source="exemplar", ranked=[judged, other])) == ["tone_mismatch"]
    assert _failed_checks(Reply(text="b", source="exemplar", ranked=[judged, other])) == ["length"]
    unjudged = judged.model_copy(update={"judge": None})
    assert _failed_checks(Reply(text="a", source="exemplar", ranked=[unjudged])) == [
        "length",
        "tone_mismatch",
    ]
    assert _failed_checks(Reply(text="c", source="exemplar", ranked=[judged])) is None
