from enum import StrEnum


class TemplateType(StrEnum):
    IMAGE = "image"
    VIDEO = "video"

    def __str__(self) -> str:
        return str(self.value)
