"""Sub-commands of the ``baker8bit`` command line.

Each module here has ``register(subparsers)`` which adds its sub-command(s) and
sets ``func`` (taking the parsed args, returning an exit code) as a default.
``baker8bit.cli`` imports the modules listed in ``MODULES``.
"""

MODULES = ["show", "keys", "shot", "demo", "sound", "stats", "replay", "solve", "survey", "study", "check", "prove"]
