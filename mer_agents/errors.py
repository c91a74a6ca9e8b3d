"""User-facing errors: each carries one readable line; adapters print it instead of a traceback."""


class MerError(Exception):
    """Base of every error whose message is meant for the user as it stands."""


class MediaError(MerError):
    """The clip cannot be read, is empty, too long, or of an unsupported kind."""


class ModelError(MerError):
    """A model file is missing or failed to load."""


class BackendError(MerError):
    """The language-model backend failed (unreachable server, bad output after repair, ...)."""


class StageError(MerError):
    """An agent stage could not produce a valid output."""

    def __init__(self, stage: str, message: str):
        super().__init__(f"{stage}: {message}")
        self.stage = stage
