"""House rules written outside the library, with its public names only (see the docs page "Write your own rule").

Each module defines a rule class (registered, so variant files and records can name it) and ``VARIANT``, a
registered variant with the house rule added.
"""
