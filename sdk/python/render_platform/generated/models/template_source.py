from enum import StrEnum


class TemplateSource(StrEnum):
    DESIGN = "design"
    HTML = "html"

    def __str__(self) -> str:
        return str(self.value)
