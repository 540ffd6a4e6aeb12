from enum import StrEnum


class DesignLayerAtDepth2Type(StrEnum):
    ELLIPSE = "ellipse"
    GROUP = "group"
    IMAGE = "image"
    QR = "qr"
    RECT = "rect"
    TEXT = "text"

    def __str__(self) -> str:
        return str(self.value)
