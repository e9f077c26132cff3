"""The schemas of the machine formats (tests/data/reporters, their sources in SOURCES.md), and
validators that raise on a report that breaks them."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import xmlschema
from conftest import DATA

REPORTS = DATA / "reporters"
SARIF_SCHEMA = REPORTS / "sarif-schema-2.1.0.json"
GITLAB_SCHEMA = REPORTS / "gitlab-code-quality.schema.json"
JUNIT_SCHEMA = REPORTS / "junit-10.xsd"


def json_validator(path: Path) -> jsonschema.protocols.Validator:
    schema = json.loads(path.read_text(encoding="utf-8"))
    validator = jsonschema.validators.validator_for(schema)
    validator.check_schema(schema)
    return validator(schema, format_checker=validator.FORMAT_CHECKER)


@cache
def sarif_validator() -> jsonschema.protocols.Validator:
    return json_validator(SARIF_SCHEMA)


@cache
def gitlab_validator() -> jsonschema.protocols.Validator:
    return json_validator(GITLAB_SCHEMA)


@cache
def junit_schema() -> xmlschema.XMLSchema:
    return xmlschema.XMLSchema(str(JUNIT_SCHEMA))


def validate_sarif(document: Any) -> None:
    sarif_validator().validate(document)


def validate_gitlab(text: str) -> None:
    assert not text.startswith("\ufeff")  # GitLab's parser refuses a byte order mark
    gitlab_validator().validate(json.loads(text))


def validate_junit(text: str) -> None:
    junit_schema().validate(text)


def validate(output_format: str, text: str) -> None:
    """Validate a report of `output_format` (sarif, gitlab or junit) against its schema."""
    if output_format == "sarif":
        validate_sarif(json.loads(text))
    elif output_format == "gitlab":
        validate_gitlab(text)
    elif output_format == "junit":
        validate_junit(text)
    else:
        raise ValueError(f"no schema for {output_format}")
