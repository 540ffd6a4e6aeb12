from enum import StrEnum


class AssetContentType(StrEnum):
    AUDIOMP4 = "audio/mp4"
    AUDIOMPEG = "audio/mpeg"
    AUDIOOGG = "audio/ogg"
    AUDIOWAV = "audio/wav"
    FONTOTF = "font/otf"
    FONTTTF = "font/ttf"
    FONTWOFF = "font/woff"
    FONTWOFF2 = "font/woff2"
    IMAGEGIF = "image/gif"
    IMAGEJPEG = "image/jpeg"
    IMAGEPNG = "image/png"
    IMAGESVGXML = "image/svg+xml"
    IMAGEWEBP = "image/webp"

    def __str__(self) -> str:
        return str(self.value)
