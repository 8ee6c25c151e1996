"""A GitHub App's private key for a test: made here, its public half given to the fake
GitHub, which then checks the JWTs signed with it."""

from __future__ import annotations


def app_key(path, app_id: int | None = None, fake=None, installed: bool = True):
    """A new RSA key in `path`, the App `app_id`'s on the fake GitHub where given."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    path.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                       serialization.PrivateFormat.TraditionalOpenSSL,
                                       serialization.NoEncryption()))
    if fake is not None:
        fake.add_app(app_id, key.public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode(),
            installed)
    return path
