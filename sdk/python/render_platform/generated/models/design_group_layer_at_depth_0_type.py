from enum import StrEnum


class DesignGroupLayerAtDepth0Type(StrEnum):
    GROUP = "group"

    def __str__(self) -> str:
        return str(self.value)
