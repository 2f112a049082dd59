"""The build puts what the app serves into the package: ``templates/`` and ``static/`` (which
stay at the top of the repository) and the catalogues compiled to .mo, so an installed wheel
serves from anywhere (tally/paths.py). Everything else is in pyproject.toml."""

import os

from setuptools import setup
from setuptools.command.build_py import build_py


class build_py_with_assets(build_py):
    def run(self):
        super().run()
        if self.editable_mode:  # a checkout serves ../templates and compiles into instance/
            return
        package = os.path.join(self.build_lib, "tally")
        for folder in ("templates", "static"):
            self.copy_tree(folder, os.path.join(package, folder))
        self.compile_catalogues(os.path.join("tally", "translations"),
                                os.path.join(package, "translations"))

    def compile_catalogues(self, source, target):
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for lang in sorted(os.listdir(source)):
            po = os.path.join(source, lang, "LC_MESSAGES", "messages.po")
            if not os.path.isfile(po):
                continue
            out = os.path.join(target, lang, "LC_MESSAGES")
            os.makedirs(out, exist_ok=True)
            with open(po, "rb") as f:
                catalog = read_po(f, locale=lang)
            with open(os.path.join(out, "messages.mo"), "wb") as f:
                write_mo(f, catalog)


setup(cmdclass={"build_py": build_py_with_assets})
