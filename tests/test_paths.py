"""Where the app looks for its pages and keeps its state (tally/paths.py, issue 26): the
instance folder given beats TALLY_INSTANCE, which beats the checkout's instance/; a checkout
serves the top-level templates/ and static/ and compiles its catalogues at start."""

from __future__ import annotations

import os

from tally import paths


def test_a_checkout_serves_its_own_folders():
    root = os.path.dirname(paths.PACKAGE)
    assert paths.CHECKOUT == root
    assert paths.asset("templates") == os.path.join(root, "templates")
    assert paths.asset("static") == os.path.join(root, "static")
    assert paths.built_catalogues() is None  # no .mo is committed: compiled into instance/


def test_the_instance_folder_chosen(monkeypatch, tmp_path):
    monkeypatch.delenv("TALLY_INSTANCE", raising=False)
    assert paths.instance() == os.path.join(paths.CHECKOUT, "instance")
    monkeypatch.setenv("TALLY_INSTANCE", str(tmp_path / "env"))
    assert paths.instance() == str(tmp_path / "env")
    assert paths.instance(str(tmp_path / "given")) == str(tmp_path / "given")


def test_installed_it_uses_the_user_data_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("TALLY_INSTANCE", raising=False)
    monkeypatch.setattr(paths, "CHECKOUT", None)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert paths.instance() == str(tmp_path / "hanafuda-tally")


def test_the_command_line_names_its_commands():
    from click.testing import CliRunner

    from tally.cli import main

    out = CliRunner().invoke(main, ["--help"]).output
    for command in ("serve", "init-db", "export", "import", "purge", "move-to-postgres"):
        assert command in out
    out = CliRunner().invoke(main, ["serve", "--help"]).output
    assert "--host" in out and "--port" in out and "--workers" in out


def test_init_db_in_the_instance_given(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from tally.cli import main

    monkeypatch.delenv("TALLY_DATABASE", raising=False)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    done = CliRunner().invoke(main, ["--instance", str(tmp_path), "init-db"])
    assert done.exit_code == 0, done.output
    assert (tmp_path / "tally.sqlite").is_file()
    assert str(tmp_path / "tally.sqlite") in done.output
