from enum import StrEnum


class TemplateVersionSource(StrEnum):
    DESIGN = "design"
    HTML = "html"

    def __str__(self) -> str:
        return str(self.value)
