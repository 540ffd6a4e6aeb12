from enum import StrEnum


class PlaceholderType(StrEnum):
    COLOR = "color"
    IMAGE = "image"
    NUMBER = "number"
    TEXT = "text"

    def __str__(self) -> str:
        return str(self.value)
