"""Kinds of machine bindings a rule may enact, one module a kind.

A binding is a key under a rule's `bindings:` with a parser that checks its
value against the kind's schema (`binding.Binding`). `config.derive_config`
gathers them from the rules in force; `registry` lists every kind.
"""
