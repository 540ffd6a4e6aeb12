from enum import StrEnum


class DesignLayerAtDepth3Type(StrEnum):
    ELLIPSE = "ellipse"
    IMAGE = "image"
    QR = "qr"
    RECT = "rect"
    TEXT = "text"

    def __str__(self) -> str:
        return str(self.value)
