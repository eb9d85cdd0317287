"""The replay's GIF writer (render/kit/animation.py): frames come back exactly as drawn (few colours), a frame that
changes nothing lengthens the one before, and a budget too small for the frames gives smaller or fewer frames."""
from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageDraw

from render.kit.animation import GifStream, animation, caption_band, drawable, thinned


def _frames(count: int, size=(220, 140)) -> list[Image.Image]:
    out = []
    for i in range(count):
        im = Image.new("RGB", size, "#eeeeee")
        draw = ImageDraw.Draw(im)
        draw.rectangle((10 + i * 15, 10, 40 + i * 15, 40), fill=(200, 30, 30))
        draw.text((5, 100), f"step {i}", fill="black")
        out.append(im)
    return out


def test_each_frame_reads_back_as_drawn_and_a_repeated_frame_lengthens_the_one_before():
    frames = _frames(4)
    stream = GifStream(frames[0].size)
    for frame, ms in zip([frames[0], frames[1], frames[1], frames[2], frames[3]], [500, 500, 700, 500, 4000]):
        stream.add(frame, ms)
    gif = Image.open(io.BytesIO(stream.close()))
    assert gif.n_frames == 4 and gif.info.get("loop") == 0
    durations = []
    for i, frame in enumerate(frames):
        gif.seek(i)
        durations.append(gif.info["duration"])
        assert ImageChops.difference(gif.convert("RGB"), frame).getbbox() is None, f"frame {i}"
    assert durations == [500, 1200, 500, 4000]


def test_a_small_budget_gives_smaller_frames_then_fewer():
    big = [(_png(f), f"#{i}", "alice moves", 1000) for i, f in enumerate(_frames(12, (640, 400)))]
    whole, scale, kept = animation(big)
    assert scale == 1.0 and kept == 12
    small, scale, kept = animation(big, budget=len(whole) // 2)
    assert len(small) <= len(whole) // 2 and (scale < 1.0 or kept < 12)
    tiny, scale, kept = animation(big, budget=len(whole) // 4)
    assert len(tiny) <= len(whole) // 4 and scale == 0.5 and kept < 12
    frames = Image.open(io.BytesIO(tiny))
    assert frames.n_frames == kept and frames.size[0] == 320


def test_fewer_frames_keep_the_first_and_last_and_the_whole_time():
    frames = [(b"", f"#{i}", "", 100) for i in range(10)]
    kept = thinned(frames, 4)
    assert [f[1] for f in kept][0] == "#0" and kept[-1][1] == "#9" and len(kept) == 4
    assert sum(f[3] for f in kept) == 1000


def test_a_caption_writes_only_what_the_typeface_draws():
    assert drawable("Bite → Beastmaster") == "Bite -> Beastmaster"
    band = caption_band(860, "#12", "a very long caption " * 30)
    assert band.width == 860 and band.height == caption_band(860, "#1", "short").height


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()
