"""Zip bombs in `.mse-set` zips: a member that inflates past the size limit or the ratio
limit is refused with TL905 naming it and the limit, the other members are still checked,
the limits are raised by flags and configuration keys, and a header that lies about a
member's size is no way round them."""

from __future__ import annotations

import json
import struct
import zipfile
from pathlib import Path

import pytest
from conftest import run_cli

from mtg_typeline.sources import ZipLimits, parse_size, size_shown

SET = b"mse_version: 2.0.2\ninclude_file: card bear\n"
BEAR = b"mse_version: 2.5.8\ncard:\n\tname: Bear\n\tsuper_type: Creature\n\tsub_type: Bearr\n"
# a comment line, as a set file may hold, that compresses as well as deflate can
FILLER_LINE = b"#" + b"a" * 1023 + b"\n"


def _zip(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def _padded(size: int) -> bytes:
    """The set file, then comment lines up to `size` bytes in all."""
    lines, rest = divmod(size - len(SET), len(FILLER_LINE))
    return SET + FILLER_LINE * lines + b"#" * (rest - 1) + b"\n" * (rest > 0)


def _findings(*args: str) -> tuple[int, list[dict[str, object]]]:
    result = run_cli(["check", "--format", "json", *args])
    return result.exit_code, json.loads(result.stdout)["findings"]


def _messages(findings: list[dict[str, object]], code: str) -> list[tuple[object, object]]:
    return [(f["path"], f["message"]) for f in findings if f["code"] == code]


def test_a_member_past_the_size_limit_is_refused_and_the_rest_checked(tmp_path: Path) -> None:
    bomb = _zip(tmp_path / "bomb.mse-set", {"set": _padded(256 << 10), "card bear": BEAR})
    status, findings = _findings("--max-member-size", "64K", str(bomb))
    assert status == 2
    [(path, message)] = _messages(findings, "TL905")
    assert path == f"{bomb}/set"
    assert "'set'" in str(message) and "64 KiB" in str(message) and "--max-member-size" in str(message)
    # the card member is read all the same
    assert [f["path"] for f in findings if f["code"] == "TL302"] == [f"{bomb}/card bear"]


def test_a_member_exactly_at_the_size_limit_is_read(tmp_path: Path) -> None:
    exact = _zip(tmp_path / "exact.mse-set", {"set": _padded(64 << 10), "card bear": BEAR})
    status, findings = _findings("--max-member-size", "64K", str(exact))
    assert status == 1
    assert _messages(findings, "TL905") == []
    status, findings = _findings("--max-member-size", str((64 << 10) - 1), str(exact))
    assert status == 2 and len(_messages(findings, "TL905")) == 1


def test_a_member_past_the_ratio_limit_is_refused_by_default(tmp_path: Path) -> None:
    # 2 MiB of comment lines deflate to a few KiB: far past 200 to 1, far within 64 MiB
    bomb = _zip(tmp_path / "bomb.mse-set", {"set": _padded(2 << 20), "card bear": BEAR})
    info = zipfile.ZipFile(bomb).getinfo("set")
    assert info.file_size > ZipLimits().ratio * info.compress_size
    status, findings = _findings(str(bomb))
    assert status == 2
    [(path, message)] = _messages(findings, "TL905")
    assert path == f"{bomb}/set"
    assert "200 times" in str(message) and "--max-member-ratio" in str(message)
    # raised, the member is read whole, and the set is checked as any other
    status, findings = _findings("--max-member-ratio", "100000", str(bomb))
    assert status == 1 and _messages(findings, "TL905") == []
    assert [f["code"] for f in findings] == ["TL302"]


def test_a_small_member_is_never_refused_for_its_ratio(tmp_path: Path) -> None:
    small = _zip(tmp_path / "small.mse-set", {"set": _padded(512 << 10), "card bear": BEAR})
    info = zipfile.ZipFile(small).getinfo("set")
    assert info.file_size > ZipLimits().ratio * info.compress_size
    status, findings = _findings(str(small))
    assert status == 1 and _messages(findings, "TL905") == []


@pytest.mark.parametrize(
    ("name", "text"),
    [
        (".typeline.yaml", "max-member-size: 32K\n"),
        ("pyproject.toml", '[tool.typeline]\nmax-member-size = "32K"\n'),
    ],
)
def test_the_configuration_sets_the_size_limit(tmp_path: Path, name: str, text: str) -> None:
    bomb = _zip(tmp_path / "bomb.mse-set", {"set": _padded(64 << 10), "card bear": BEAR})
    (tmp_path / name).write_text(text, encoding="utf-8")
    status, findings = _findings("--config", str(tmp_path / name), str(bomb))
    assert status == 2
    [(_, message)] = _messages(findings, "TL905")
    assert "32 KiB" in str(message)
    # the command line wins over the configuration
    status, findings = _findings("--config", str(tmp_path / name), "--max-member-size", "1M", str(bomb))
    assert status == 1 and _messages(findings, "TL905") == []


@pytest.mark.parametrize(
    "args",
    [
        ["--max-member-size", "0"],
        ["--max-member-size", "1.5M"],
        ["--max-member-size", "big"],
        ["--max-member-ratio", "0"],
    ],
)
def test_bad_limits_are_usage_errors(tmp_path: Path, args: list[str]) -> None:
    result = run_cli(["check", *args, "-"], stdin="Creature — Bear\n")
    assert result.exit_code == 2
    assert args[0] in result.stderr


@pytest.mark.parametrize("value", ["0", "-3", "true", '"lots"', "1.5"])
def test_bad_configured_limits_are_refused(tmp_path: Path, value: str) -> None:
    (tmp_path / ".typeline.yaml").write_text(
        f"max-member-size: {value}\nmax-member-ratio: 5\n", encoding="utf-8"
    )
    result = run_cli(["check", "--config", str(tmp_path / ".typeline.yaml"), "-"], stdin="Creature — Bear\n")
    assert result.exit_code == 2
    assert "max-member-size" in result.stderr


def _lie_about_size(data: bytes, size: int) -> bytes:
    """The one-member zip `data` with its local and central headers claiming `size` bytes
    inflated."""
    local, central = data.index(b"PK\x03\x04"), data.index(b"PK\x01\x02")
    patched = bytearray(data)
    patched[local + 22 : local + 26] = struct.pack("<I", size)
    patched[central + 24 : central + 28] = struct.pack("<I", size)
    return bytes(patched)


def test_a_header_that_claims_less_than_the_member_holds_is_no_way_round(tmp_path: Path) -> None:
    whole = _zip(tmp_path / "whole.mse-set", {"set": _padded(256 << 10)})
    liar = tmp_path / "liar.mse-set"
    liar.write_bytes(_lie_about_size(whole.read_bytes(), 1000))
    assert zipfile.ZipFile(liar).getinfo("set").file_size == 1000
    status, findings = _findings("--max-member-size", "64K", str(liar))
    assert status == 2
    # zipfile stops at the size claimed, and then the member fails its CRC check
    [(path, message)] = _messages(findings, "TL905")
    assert f"{liar}/set" in f"{path} {message}"


def test_a_header_that_claims_more_than_the_limit_is_not_believed(tmp_path: Path) -> None:
    whole = _zip(tmp_path / "whole.mse-set", {"set": SET, "card bear": BEAR})
    data = whole.read_bytes()
    # the first member, `set`, claims 1 GiB: it is read, and holds what it holds
    liar = tmp_path / "liar.mse-set"
    liar.write_bytes(_lie_about_size(data, 1 << 30))
    assert zipfile.ZipFile(liar).getinfo("set").file_size == 1 << 30
    status, findings = _findings("--max-member-size", "64K", str(liar))
    assert (status, [f["code"] for f in findings]) == (1, ["TL302"])


def test_sizes_read_and_shown() -> None:
    assert [parse_size(v) for v in ("64M", "64 MiB", "1g", "100", "12KB")] == [
        64 << 20,
        64 << 20,
        1 << 30,
        100,
        12 << 10,
    ]
    assert [parse_size(v) for v in ("0", "x", "1.5M", "M", "-1", "\u0661\u0662")] == [None] * 6
    assert [size_shown(v) for v in (64 << 20, 1 << 30, 1000, 1536)] == [
        "64 MiB",
        "1 GiB",
        "1,000 bytes",
        "1,536 bytes",
    ]
