from enum import StrEnum


class PreviewTemplateType(StrEnum):
    IMAGE = "image"
    VIDEO = "video"

    def __str__(self) -> str:
        return str(self.value)
