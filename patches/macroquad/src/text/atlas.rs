use crate::{get_context, get_quad_context, math::Rect, texture::Image, Color};

use std::collections::HashMap;

#[derive(Debug, Clone, Copy)]
pub struct Sprite {
    pub rect: Rect,
}

#[derive(Debug, Eq, PartialEq, Hash, Clone, Copy)]
pub enum SpriteKey {
    Texture(miniquad::TextureId),
    Id(u64),
}
pub struct Atlas {
    texture: miniquad::TextureId,
    image: Image,
    pub sprites: HashMap<SpriteKey, Sprite>,
    cursor_x: u16,
    cursor_y: u16,
    max_line_height: u16,

    pub dirty: bool,

    filter: miniquad::FilterMode,

    unique_id: u64,
}

impl Drop for Atlas {
    fn drop(&mut self) {
        let ctx = &mut get_context().quad_context;
        ctx.delete_texture(self.texture);
    }
}

impl Atlas {
    // pixel gap between glyphs in the atlas
    const GAP: u16 = 2;
    // well..
    const UNIQUENESS_OFFSET: u64 = 100000;

    pub fn new(ctx: &mut dyn miniquad::RenderingBackend, filter: miniquad::FilterMode) -> Atlas {
        let image = Image::gen_image_color(512, 512, Color::new(0.0, 0.0, 0.0, 0.0));
        let texture = ctx.new_texture_from_rgba8(image.width, image.height, &image.bytes);
        ctx.texture_set_filter(
            texture,
            miniquad::FilterMode::Nearest,
            miniquad::MipmapFilterMode::None,
        );

        Atlas {
            image,
            texture,
            cursor_x: 0,
            cursor_y: 0,
            dirty: false,
            max_line_height: 0,
            sprites: HashMap::new(),
            filter,
            unique_id: Self::UNIQUENESS_OFFSET,
        }
    }

    pub fn new_unique_id(&mut self) -> SpriteKey {
        self.unique_id += 1;

        SpriteKey::Id(self.unique_id)
    }

    pub fn set_filter(&mut self, filter_mode: miniquad::FilterMode) {
        let ctx = get_quad_context();
        self.filter = filter_mode;
        ctx.texture_set_filter(self.texture, filter_mode, miniquad::MipmapFilterMode::None);
    }

    pub fn get(&self, key: SpriteKey) -> Option<Sprite> {
        self.sprites.get(&key).cloned()
    }

    pub const fn width(&self) -> u16 {
        self.image.width
    }

    pub const fn height(&self) -> u16 {
        self.image.height
    }

    pub fn texture(&mut self) -> miniquad::TextureId {
        let ctx = get_quad_context();
        if self.dirty {
            self.dirty = false;
            let (texture_width, texture_height) = ctx.texture_size(self.texture);
            if texture_width != self.image.width as _ || texture_height != self.image.height as _ {
                ctx.delete_texture(self.texture);

                self.texture = ctx.new_texture_from_rgba8(
                    self.image.width,
                    self.image.height,
                    &self.image.bytes[..],
                );
                ctx.texture_set_filter(self.texture, self.filter, miniquad::MipmapFilterMode::None);
            }

            ctx.texture_update(self.texture, &self.image.bytes);
        }

        self.texture
    }

    pub fn get_uv_rect(&self, key: SpriteKey) -> Option<Rect> {
        let ctx = get_quad_context();
        self.get(key).map(|sprite| {
            let (w, h) = ctx.texture_size(self.texture);

            Rect::new(
                sprite.rect.x / w as f32,
                sprite.rect.y / h as f32,
                sprite.rect.w / w as f32,
                sprite.rect.h / h as f32,
            )
        })
    }

    /// Patched: whether a sprite `width` wide, placed a gap after `cursor_x`,
    /// ends inside an atlas `atlas_width` wide (in `u32`: no overflow).
    fn row_fits(cursor_x: u16, width: u16, atlas_width: u16) -> bool {
        cursor_x as u32 + Self::GAP as u32 + width as u32 <= atlas_width as u32
    }

    /// Patched: a sprite key's place in the order sprites were cached (textures,
    /// which carry no such number, first).
    fn key_order(key: &SpriteKey) -> u64 {
        match key {
            SpriteKey::Id(id) => *id,
            SpriteKey::Texture(_) => 0,
        }
    }

    pub fn cache_sprite(&mut self, key: SpriteKey, sprite: Image) {
        let (width, height) = (sprite.width as usize, sprite.height as usize);

        // Patched (upstream issue #1054, fixed by PR #1063 after 0.4.16): the sprite
        // goes at `cursor_x + GAP`, so the row must hold the gap too. Before, a sprite
        // one pixel too wide for the row's end was placed past the edge and doubled
        // the atlas instead of starting a new row; repacked in random order, the
        // atlas could double again and again up to 32768 px (a panic).
        let x = if Self::row_fits(self.cursor_x, width as u16, self.image.width) {
            if height as u16 > self.max_line_height {
                self.max_line_height = height as u16;
            }
            let res = self.cursor_x + Self::GAP;
            self.cursor_x += width as u16 + Self::GAP * 2;
            res
        } else {
            self.cursor_y += self.max_line_height + Self::GAP * 2;
            self.cursor_x = width as u16 + Self::GAP;
            self.max_line_height = height as u16;
            Self::GAP
        };
        let y = self.cursor_y;

        // texture bounds exceeded
        if y as u32 + sprite.height as u32 > self.image.height as u32
            || x as u32 + sprite.width as u32 > self.image.width as u32
        {
            // reset glyph cache state
            let mut sprites = self.sprites.drain().collect::<Vec<_>>();
            // Patched: repacked tallest first, then in the order they were cached, not
            // in the hash map's random order: the same glyphs always pack the same
            // way, and rows of like heights waste little room.
            sprites.sort_by(|(ka, a), (kb, b)| {
                b.rect
                    .h
                    .total_cmp(&a.rect.h)
                    .then(Self::key_order(ka).cmp(&Self::key_order(kb)))
            });
            self.cursor_x = 0;
            self.cursor_y = 0;
            self.max_line_height = 0;

            let old_image = self.image.clone();

            // increase font texture size
            // note: if we tried to fit gigantic texture into a small atlas,
            // new_width will still be not enough. But its fine, it will
            // be regenerated on the recursion call.
            let new_width = self.image.width * 2;
            let new_height = self.image.height * 2;

            self.image =
                Image::gen_image_color(new_width, new_height, Color::new(0.0, 0.0, 0.0, 0.0));

            // recache all previously cached symbols
            for (key, sprite) in sprites {
                let image = old_image.sub_image(sprite.rect);
                self.cache_sprite(key, image);
            }

            // cache the new sprite
            self.cache_sprite(key, sprite);
        } else {
            self.dirty = true;

            for j in 0..height {
                for i in 0..width {
                    self.image.set_pixel(
                        x as u32 + i as u32,
                        y as u32 + j as u32,
                        sprite.get_pixel(i as u32, j as u32),
                    );
                }
            }

            self.sprites.insert(
                key,
                Sprite {
                    rect: Rect::new(x as f32, y as f32, width as f32, height as f32),
                },
            );
        }
    }
}

/// Patched: the packing's tests (they need no GL context: caching only writes the
/// atlas's image; the texture is made when drawing).
#[cfg(test)]
mod tests {
    use super::*;

    /// An atlas `size` pixels square whose texture is never made nor freed.
    fn atlas(size: u16) -> std::mem::ManuallyDrop<Atlas> {
        std::mem::ManuallyDrop::new(Atlas {
            texture: miniquad::TextureId::from_raw_id(miniquad::RawId::OpenGl(0)),
            image: Image::gen_image_color(size, size, Color::new(0.0, 0.0, 0.0, 0.0)),
            sprites: HashMap::new(),
            cursor_x: 0,
            cursor_y: 0,
            max_line_height: 0,
            dirty: false,
            filter: miniquad::FilterMode::Linear,
            unique_id: Atlas::UNIQUENESS_OFFSET,
        })
    }

    fn sprite(w: u16, h: u16) -> Image {
        Image::gen_image_color(w, h, Color::new(1.0, 1.0, 1.0, 1.0))
    }

    /// A sprite that would end one pixel past the row's end (its gap counted)
    /// starts a new row; the atlas keeps its size.
    #[test]
    fn a_sprite_one_pixel_too_wide_for_the_row_starts_a_new_row() {
        let mut a = atlas(64);
        let k = a.new_unique_id();
        a.cache_sprite(k, sprite(10, 10));
        // cursor_x is now 14; a sprite 49 wide passes the old check (14 + 49 < 64)
        // but, placed at 16, would end at 65.
        let k = a.new_unique_id();
        a.cache_sprite(k, sprite(49, 10));
        assert_eq!((a.width(), a.height()), (64, 64));
        let r = a.get(k).unwrap().rect;
        assert!(r.x + r.w <= 64.0 && r.y > 0.0, "{r:?}");
    }

    /// Glyph-like sprites, thousands of them (a text face at 25 sizes), fill the
    /// atlas as their area asks, the same way on every run.
    #[test]
    fn glyphs_grow_the_atlas_by_their_area_only() {
        let mut sizes = Vec::new();
        for run in 0..3 {
            let mut a = atlas(512);
            let mut area = 0u32;
            for size in 12u16..=36 {
                for c in 0u16..95 {
                    let (w, h) = (size * (4 + c % 3) / 8, size * (5 + c % 5) / 8);
                    area += (w as u32 + 4) * (h as u32 + 4);
                    let k = a.new_unique_id();
                    a.cache_sprite(k, sprite(w.max(1), h.max(1)));
                }
            }
            for (k, s) in a.sprites.iter() {
                assert!(s.rect.x + s.rect.w <= a.width() as f32, "{k:?} {s:?}");
                assert!(s.rect.y + s.rect.h <= a.height() as f32, "{k:?} {s:?}");
            }
            // Shelf packing wastes some room, never most of it.
            let side = a.width() as u32;
            assert!(side * side <= area * 8, "{side} px for {area} px² of sprites");
            sizes.push(side);
            let _ = run;
        }
        assert!(sizes.windows(2).all(|w| w[0] == w[1]), "{sizes:?}");
    }
}
