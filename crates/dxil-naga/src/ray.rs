//! Inline ray queries (WGSL's `wgpu_ray_query`; naga `Statement::RayQuery`,
//! `Expression::RayQueryGetIntersection`) as DXIL's `RayQuery_*` operations (DXIL.rst
//! "Inline Ray Query", shader model 6.5). A `ray_query` local is the `i32` handle
//! `AllocateRayQuery` gives where the function's locals are made; its flags there are none,
//! since naga's flags come with each `rayQueryInitialize` (`TraceRayInline`'s `RayFlags`).

use dxil_ir::IntPredicate;
use naga::{Handle, RayQueryFunction};

use crate::error::{Error, ErrorKind, Result};
use crate::lower::{Lowerer, Val};
use crate::Value;

/// naga's `RayIntersection.kind` for a candidate: `RAY_QUERY_INTERSECTION_TRIANGLE` and
/// `RAY_QUERY_INTERSECTION_AABB` (committed kinds equal DXIL's `COMMITTED_STATUS`).
const KIND_TRIANGLE: i64 = 1;
const KIND_AABB: i64 = 3;
/// DXIL's `CANDIDATE_TYPE` of a triangle and `COMMITTED_STATUS` of a triangle hit.
const CANDIDATE_TRIANGLE: i64 = 0;
const COMMITTED_TRIANGLE: i64 = 1;

impl Lowerer<'_, '_> {
    /// A new ray query for a `ray_query` local.
    pub fn allocate_ray_query(&mut self, span: naga::Span) -> Result<Value> {
        self.e
            .allocate_ray_query(&[], 0u32)
            .map_err(|e| Error::from(e).at(span))
    }

    /// The ray query handle a `ray_query` pointer expression gives.
    fn query(&mut self, h: Handle<naga::Expression>) -> Result<Value> {
        match self.expr(h)? {
            Val::Q(q) => Ok(q),
            _ => Err(Error::new(
                ErrorKind::Invalid,
                "Statement::RayQuery",
                "the query operand is not a ray_query variable",
            )),
        }
    }

    /// `Statement::RayQuery`.
    pub fn ray_query(
        &mut self,
        query: Handle<naga::Expression>,
        fun: &RayQueryFunction,
    ) -> Result<()> {
        let q = self.query(query)?;
        match *fun {
            RayQueryFunction::Initialize {
                acceleration_structure,
                descriptor,
            } => {
                let Val::H(acc) = self.expr(acceleration_structure)? else {
                    return Err(Error::new(
                        ErrorKind::Invalid,
                        "RayQueryFunction::Initialize",
                        "the acceleration structure is not a resource",
                    ));
                };
                // RayDesc { flags, cull_mask, tmin, tmax, origin: vec3, dir: vec3 }
                let d = self.scalars(descriptor)?;
                let [flags, mask, tmin, tmax, ox, oy, oz, dx, dy, dz] = d[..] else {
                    return Err(Error::new(
                        ErrorKind::Invalid,
                        "RayQueryFunction::Initialize",
                        format!("a RayDesc of {} leaves", d.len()),
                    ));
                };
                self.e.ray_query_trace_ray_inline(
                    &[],
                    q,
                    acc,
                    flags,
                    mask,
                    ox,
                    oy,
                    oz,
                    tmin,
                    dx,
                    dy,
                    dz,
                    tmax,
                )?;
            }
            RayQueryFunction::Proceed { result } => {
                let r = self.e.ray_query_proceed(&[], q)?;
                self.set(result, Val::S(vec![r]));
            }
            RayQueryFunction::GenerateIntersection { hit_t } => {
                let t = self.scalar(hit_t)?;
                self.e
                    .ray_query_commit_procedural_primitive_hit(&[], q, t)?;
            }
            RayQueryFunction::ConfirmIntersection => {
                self.e.ray_query_commit_non_opaque_triangle_hit(&[], q)?;
            }
            RayQueryFunction::Terminate => {
                self.e.ray_query_abort(&[], q)?;
            }
        }
        Ok(())
    }

    /// `Expression::RayQueryGetIntersection`: naga's `RayIntersection` as leaves, in member
    /// order: kind, t, instance_custom_data, instance_index, sbt_record_offset,
    /// geometry_index, primitive_index, barycentrics (2), front_face, object_to_world and
    /// world_to_object (`mat4x3`, column-major: column c, row r is DXIL's 3x4 element
    /// [r][c]). As naga's other back ends do, a committed intersection reads the hit's
    /// values only when there is one, and either kind reads the triangle-only values
    /// (barycentrics, front face; a candidate's t) only for a triangle: the rest are zero,
    /// so no operation is asked for state it does not define.
    pub fn ray_intersection(
        &mut self,
        query: Handle<naga::Expression>,
        committed: bool,
    ) -> Result<Vec<Value>> {
        let q = self.query(query)?;
        let zero_i = self.i32c(0)?;
        let zero_f = self.zero(naga::Scalar::F32)?;
        let no = self.zero(naga::Scalar::BOOL)?;

        // The kind, and the condition for the triangle-only values.
        let (kind, triangle, any) = if committed {
            let status = self.e.ray_query_committed_status(&[], q)?;
            let tri = self.i32c(COMMITTED_TRIANGLE)?;
            let triangle = self.fb().icmp(IntPredicate::Eq, status, tri)?;
            let any = self.fb().icmp(IntPredicate::Ne, status, zero_i)?;
            (status, triangle, Some(any))
        } else {
            let ty = self.e.ray_query_candidate_type(&[], q)?;
            let tri = self.i32c(CANDIDATE_TRIANGLE)?;
            let triangle = self.fb().icmp(IntPredicate::Eq, ty, tri)?;
            let kt = self.i32c(KIND_TRIANGLE)?;
            let ka = self.i32c(KIND_AABB)?;
            (self.fb().select(triangle, kt, ka)?, triangle, None)
        };

        // Values of a hit (committed: only when there is one).
        let start = self.here()?;
        let hit_block = match any {
            Some(any) => {
                let (b, skip) = (self.new_block()?, self.new_block()?);
                self.fb().cond_br(any, b, skip)?;
                self.enter(b)?;
                Some(skip)
            }
            None => None,
        };
        let mut hit = Vec::with_capacity(30);
        if committed {
            hit.push(self.e.ray_query_committed_ray_t(&[], q)?);
            hit.push(self.e.ray_query_committed_instance_id(&[], q)?);
            hit.push(self.e.ray_query_committed_instance_index(&[], q)?);
            hit.push(
                self.e
                    .ray_query_committed_instance_contribution_to_hit_group_index(&[], q)?,
            );
            hit.push(self.e.ray_query_committed_geometry_index(&[], q)?);
            hit.push(self.e.ray_query_committed_primitive_index(&[], q)?);
        } else {
            hit.push(zero_f); // t: a triangle's, below
            hit.push(self.e.ray_query_candidate_instance_id(&[], q)?);
            hit.push(self.e.ray_query_candidate_instance_index(&[], q)?);
            hit.push(
                self.e
                    .ray_query_candidate_instance_contribution_to_hit_group_index(&[], q)?,
            );
            hit.push(self.e.ray_query_candidate_geometry_index(&[], q)?);
            hit.push(self.e.ray_query_candidate_primitive_index(&[], q)?);
        }
        for world_to_object in [false, true] {
            for c in 0..4u8 {
                for r in 0..3i32 {
                    hit.push(match (committed, world_to_object) {
                        (true, false) => {
                            self.e
                                .ray_query_committed_object_to_world3x4(&[], q, r, c)?
                        }
                        (true, true) => {
                            self.e
                                .ray_query_committed_world_to_object3x4(&[], q, r, c)?
                        }
                        (false, false) => {
                            self.e
                                .ray_query_candidate_object_to_world3x4(&[], q, r, c)?
                        }
                        (false, true) => {
                            self.e
                                .ray_query_candidate_world_to_object3x4(&[], q, r, c)?
                        }
                    });
                }
            }
        }

        // Values of a triangle: t (candidates), barycentrics, front face.
        let here = self.here()?;
        let (tb, tskip) = (self.new_block()?, self.new_block()?);
        self.fb().cond_br(triangle, tb, tskip)?;
        self.enter(tb)?;
        let mut tri = Vec::with_capacity(4);
        if !committed {
            tri.push(self.e.ray_query_candidate_triangle_ray_t(&[], q)?);
        }
        for k in 0..2u8 {
            tri.push(if committed {
                self.e
                    .ray_query_committed_triangle_barycentrics(&[], q, k)?
            } else {
                self.e
                    .ray_query_candidate_triangle_barycentrics(&[], q, k)?
            });
        }
        tri.push(if committed {
            self.e.ray_query_committed_triangle_front_face(&[], q)?
        } else {
            self.e.ray_query_candidate_triangle_front_face(&[], q)?
        });
        self.fb().br(tskip)?;
        self.enter(tskip)?;
        let zeros = if committed {
            vec![zero_f, zero_f, no]
        } else {
            vec![zero_f, zero_f, zero_f, no]
        };
        let tri = self.merge(&tri, &zeros, tb, here)?;

        // The committed hit's values join the no-hit zeros.
        let (hit, tri) = match hit_block {
            Some(skip) => {
                let from = self.here()?;
                self.fb().br(skip)?;
                self.enter(skip)?;
                let mut zeros = vec![zero_f];
                zeros.extend([zero_i; 5]);
                zeros.extend([zero_f; 24]);
                let hit = self.merge(&hit, &zeros, from, start)?;
                let tri = self.merge(&tri, &[zero_f, zero_f, no], from, start)?;
                (hit, tri)
            }
            None => (hit, tri),
        };

        let mut out = Vec::with_capacity(33);
        out.push(kind);
        if committed {
            out.extend(&hit[..6]);
            out.extend(&tri);
        } else {
            out.push(tri[0]);
            out.extend(&hit[1..6]);
            out.extend(&tri[1..]);
        }
        out.extend(&hit[6..]);
        Ok(out)
    }

    /// The block instructions go to.
    fn here(&mut self) -> Result<dxil_ir::Block> {
        self.fb()
            .current_block()
            .ok_or_else(|| Error::new(ErrorKind::Builder, "ray query", "no current block"))
    }

    /// `phi`s joining `values` (from block `from`) with `zeros` (from block `other`).
    fn merge(
        &mut self,
        values: &[Value],
        zeros: &[Value],
        from: dxil_ir::Block,
        other: dxil_ir::Block,
    ) -> Result<Vec<Value>> {
        let mut out = Vec::with_capacity(values.len());
        for (&v, &z) in values.iter().zip(zeros) {
            let ty = v
                .ty()
                .ok_or_else(|| Error::new(ErrorKind::Builder, "ray query", "untyped value"))?;
            out.push(self.fb().phi(ty, &[(v, from), (z, other)])?);
        }
        Ok(out)
    }
}
