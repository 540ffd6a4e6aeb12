from enum import StrEnum


class DesignTextLayerType(StrEnum):
    TEXT = "text"

    def __str__(self) -> str:
        return str(self.value)
