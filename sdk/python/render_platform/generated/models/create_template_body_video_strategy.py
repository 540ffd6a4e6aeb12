from enum import StrEnum


class CreateTemplateBodyVideoStrategy(StrEnum):
    AUTO = "auto"
    BEGIN_FRAME = "begin-frame"
    SCREENSHOT = "screenshot"

    def __str__(self) -> str:
        return str(self.value)
