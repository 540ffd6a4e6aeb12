from enum import StrEnum


class TemplateEngine(StrEnum):
    AUTO = "auto"
    CHROMIUM = "chromium"
    NATIVE = "native"

    def __str__(self) -> str:
        return str(self.value)
