//! Cube map addressing: the face a direction selects and the face coordinates it projects to
//! (D3D11.3 functional spec, "TextureCube" addressing: the largest-magnitude component picks the face, z winning
//! ties over y and y over x; faces in the order +X, -X, +Y, -Y, +Z, -Z as array slices; the
//! other two components divided by the major one give the face's u and v).

/// A direction projected onto a cube face.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FaceCoord {
    /// Face index 0..6 (+X, -X, +Y, -Y, +Z, -Z).
    pub face: u32,
    /// Normalised coordinates on the face.
    pub uv: [f32; 2],
}

/// The face `dir` points at and the (s, t, major) components that project onto it: the face
/// coordinates are `(s / |major| + 1) / 2` and `(t / |major| + 1) / 2`.
fn axes(dir: [f32; 3]) -> (u32, [f32; 3]) {
    let [x, y, z] = dir;
    let (ax, ay, az) = (x.abs(), y.abs(), z.abs());
    if az >= ax && az >= ay {
        if z >= 0.0 {
            (4, [x, -y, z])
        } else {
            (5, [-x, -y, z])
        }
    } else if ay >= ax {
        if y >= 0.0 {
            (2, [x, z, y])
        } else {
            (3, [x, -z, y])
        }
    } else if x >= 0.0 {
        (0, [-z, -y, x])
    } else {
        (1, [z, -y, x])
    }
}

/// Projects `dir` onto its face. A zero or NaN direction gives face coordinates of NaN's
/// making, which the addressing turns into a valid texel.
pub fn project(dir: [f32; 3]) -> FaceCoord {
    let (face, [s, t, m]) = axes(dir);
    let ma = m.abs();
    FaceCoord {
        face,
        uv: [(s / ma + 1.0) * 0.5, (t / ma + 1.0) * 0.5],
    }
}

/// The derivatives of the face coordinates of `dir` along a direction derivative `d`, by the
/// quotient rule on `(s / |major| + 1) / 2`, on the face `dir` selects.
pub fn project_derivative(dir: [f32; 3], d: [f32; 3]) -> [f32; 2] {
    let (face, [s, t, m]) = axes(dir);
    // The same permutation and signs applied to the derivative.
    let (_, [ds, dt, dm]) = axes_of_face(face, d);
    let ma = m.abs();
    let dma = if m >= 0.0 { dm } else { -dm };
    let q = 0.5 / (ma * ma);
    [(ds * ma - s * dma) * q, (dt * ma - t * dma) * q]
}

/// The (s, t, major) components of `v` for a given face.
fn axes_of_face(face: u32, v: [f32; 3]) -> (u32, [f32; 3]) {
    let [x, y, z] = v;
    let c = match face {
        0 => [-z, -y, x],
        1 => [z, -y, x],
        2 => [x, z, y],
        3 => [x, -z, y],
        4 => [x, -y, z],
        _ => [-x, -y, z],
    };
    (face, c)
}

/// The face and texel across the edge for texel indices `(i, j)` just outside face `face` of
/// `n` x `n` texels, for filtering that crosses cube edges as D3D requires (D3D11.3
/// functional spec, "TextureCube Edge and Corner Handling"): the texel centre's direction is
/// re-projected, which lands on the neighbouring face's edge texel. At a corner, where D3D
/// averages the three texels that meet, this picks one of them.
pub fn across_edge(face: u32, i: i64, j: i64, n: u32) -> (u32, [u32; 2]) {
    let n64 = f64::from(n.max(1));
    let s = ((i as f64 + 0.5) / n64 * 2.0 - 1.0) as f32;
    let t = ((j as f64 + 0.5) / n64 * 2.0 - 1.0) as f32;
    let dir = match face {
        0 => [1.0, -t, -s],
        1 => [-1.0, -t, s],
        2 => [s, 1.0, t],
        3 => [s, -1.0, -t],
        4 => [s, -t, 1.0],
        _ => [-s, -t, -1.0],
    };
    let fc = project(dir);
    let texel = |u: f32| ((u * n as f32).floor().max(0.0) as u32).min(n.saturating_sub(1));
    (fc.face, [texel(fc.uv[0]), texel(fc.uv[1])])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn major_axis_selects_face_and_projects() {
        assert_eq!(
            project([1.0, 0.0, 0.0]),
            FaceCoord {
                face: 0,
                uv: [0.5, 0.5]
            }
        );
        assert_eq!(project([-1.0, 0.5, 0.0]).face, 1);
        assert_eq!(
            project([0.0, 2.0, 1.0]),
            FaceCoord {
                face: 2,
                uv: [0.5, 0.75]
            }
        );
        assert_eq!(project([0.0, -1.0, 0.0]).face, 3);
        assert_eq!(
            project([0.5, 0.5, 1.0]),
            FaceCoord {
                face: 4,
                uv: [0.75, 0.25]
            }
        );
        assert_eq!(
            project([0.5, 0.0, -1.0]),
            FaceCoord {
                face: 5,
                uv: [0.25, 0.5]
            }
        );
        // Ties go to z, then y.
        assert_eq!(project([1.0, 1.0, 1.0]).face, 4);
        assert_eq!(project([1.0, 1.0, 0.0]).face, 2);
    }

    #[test]
    fn texels_beyond_an_edge_come_from_the_neighbouring_face() {
        // Right of +Z is +X's left column; above +Z is +Y's bottom row.
        assert_eq!(across_edge(4, 4, 1, 4), (0, [0, 1]));
        assert_eq!(across_edge(4, 2, -1, 4), (2, [2, 3]));
        // Left of -X (where z falls) is -Z's right column.
        assert_eq!(across_edge(1, -1, 0, 4), (5, [3, 0]));
    }

    #[test]
    fn derivative_follows_the_face() {
        // On +Z at the centre, moving along x by 1 moves u by 1/2.
        assert_eq!(
            project_derivative([0.0, 0.0, 1.0], [1.0, 0.0, 0.0]),
            [0.5, 0.0]
        );
        assert_eq!(
            project_derivative([0.0, 0.0, 1.0], [0.0, 1.0, 0.0]),
            [0.0, -0.5]
        );
    }
}
