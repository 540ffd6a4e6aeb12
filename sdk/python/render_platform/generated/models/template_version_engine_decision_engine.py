from enum import StrEnum


class TemplateVersionEngineDecisionEngine(StrEnum):
    CHROMIUM = "chromium"
    NATIVE = "native"

    def __str__(self) -> str:
        return str(self.value)
