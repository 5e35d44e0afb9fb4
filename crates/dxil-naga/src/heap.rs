//! Samplers through the sampler heap, as naga's HLSL back end reads them for wgpu's Direct3D
//! 12 back end: a shader-visible sampler heap holds at most 2048 samplers and only one can be
//! bound, so every bind group's samplers live in that one heap, bound whole as
//! `SamplerState heap[2048]` (and again as `SamplerComparisonState heap[2048]`), and each
//! group has a `StructuredBuffer<uint>` of the heap indices of its samplers. A sampler
//! binding whose target register is `r` is `heap[indexBuffer[r]]`; element `i` of a binding
//! array of samplers is `heap[indexBuffer[r + i]]`, marked non-uniform when `i` is.
//!
//! In DXIL the heap is a sampler range of 2048 and the handle a range element at a dynamic
//! index (`createHandleFromBinding` + `annotateHandle` from shader model 6.6, `createHandle`
//! before), the index loaded from the index buffer (`rawBufferLoad`, `bufferLoad` before
//! shader model 6.2), as DXC compiles naga's HLSL.

use std::collections::BTreeMap;

use dxil_builder::{Arg, ResourceDesc, ResourceId, ShaderBuilder};
use dxil_ops::Ty;

use crate::error::{Error, ErrorKind, Result};
use crate::lower::{GlobalSlot, Idx, Lowerer};
use crate::options::{Options, SAMPLER_HEAP_SIZE};
use crate::Value;

/// The sampler heaps and index buffers an entry point declares, each once, on first use.
#[derive(Default)]
pub struct Heaps {
    /// The standard and the comparison heap.
    heaps: [Option<ResourceId>; 2],
    /// Each bind group's index buffer.
    tables: BTreeMap<u32, ResourceId>,
}

impl Heaps {
    /// The heap holding samplers of kind `comparison` and the index buffer of `group`,
    /// declared when first asked for.
    pub fn declare(
        &mut self,
        sb: &mut ShaderBuilder,
        options: &Options,
        group: u32,
        comparison: bool,
    ) -> Result<(ResourceId, ResourceId)> {
        let k = usize::from(comparison);
        let heap = match self.heaps[k] {
            Some(r) => r,
            None => {
                let (t, name) = if comparison {
                    (
                        options.sampler_heap_target.comparison_samplers,
                        "nagaComparisonSamplerHeap",
                    )
                } else {
                    (
                        options.sampler_heap_target.standard_samplers,
                        "nagaSamplerHeap",
                    )
                };
                let desc = ResourceDesc::sampler(name, comparison)
                    .at(u32::from(t.space), t.register)
                    .array(SAMPLER_HEAP_SIZE);
                *self.heaps[k].insert(sb.resource(desc)?)
            }
        };
        let table = match self.tables.get(&group) {
            Some(&r) => r,
            None => {
                let t = options.resolve_sampler_buffer(group).ok_or_else(|| {
                    Error::new(
                        ErrorKind::Options,
                        format!("sampler index buffer of group {group}"),
                        "no target in `Options::sampler_buffer_binding_map`",
                    )
                })?;
                let desc = ResourceDesc::structured_buffer(
                    &format!("nagaGroup{group}SamplerIndexArray"),
                    4,
                )
                .at(u32::from(t.space), t.register);
                let r = sb.resource(desc)?;
                self.tables.insert(group, r);
                r
            }
        };
        Ok((heap, table))
    }
}

impl Lowerer<'_, '_> {
    /// At the start of the entry: each index buffer's handle, and each sampler's handle
    /// (read once, as naga's HLSL makes each sampler a `static const`); for a binding
    /// array of samplers, its index buffer's handle.
    pub fn sampler_handles(&mut self) -> Result<()> {
        let mut tables: Vec<(ResourceId, Value)> = Vec::new();
        for i in 0..self.globals.len() {
            let GlobalSlot::Sampler {
                heap,
                table,
                base,
                array,
            } = self.globals[i]
            else {
                continue;
            };
            let t = match tables.iter().find(|(r, _)| *r == table) {
                Some(&(_, t)) => t,
                None => {
                    let t = self.e.handle(table, 0, false)?;
                    tables.push((table, t));
                    t
                }
            };
            self.handles[i] = Some(if array {
                t
            } else {
                self.heap_sampler(heap, t, base, Idx::Const(0), false)?
            });
        }
        Ok(())
    }

    /// The sampler of heap `heap` at the index element `base + index` of index buffer
    /// `table` holds; `non_uniform` when the index varies across the invocations that use
    /// it (naga's `NonUniformResourceIndex` around the heap index).
    pub fn heap_sampler(
        &mut self,
        heap: ResourceId,
        table: Value,
        base: u32,
        index: Idx,
        non_uniform: bool,
    ) -> Result<Value> {
        let at = match index {
            Idx::Const(i) => Arg::Int(i64::from(base) + i64::from(i)),
            Idx::Dyn(v) if base == 0 => Arg::Value(v),
            Idx::Dyn(v) => {
                let b = self.i32c(i64::from(base))?;
                Arg::Value(self.fb().add(b, v)?)
            }
        };
        let t = [Ty::Scalar(dxil_ops::Scalar::I32)];
        let r = if self.options.shader_model.minor >= 2 {
            self.e.raw_buffer_load(&t, table, at, 0i32, 1u8, 4u32)?
        } else {
            self.e.buffer_load(&t, table, at, 0i32)?
        };
        let index = self.fb().extract_value(r, &[0])?;
        Ok(self.e.handle(heap, index, non_uniform)?)
    }
}
