//! Running a graphics pipeline as the suite's device draws it (`lib/API/DX/Device.cpp`):
//! one vertex buffer whose stride is the sum of its attributes' sizes, a triangle list of
//! `VertexCount` vertices (default: all the buffer holds), a viewport and scissor covering
//! the render target, the target cleared to zero and, after the draw, read back into its
//! buffer, the UAVs copied back as for compute.

use crate::bind::{element_format, typed_format_at};
use crate::error::PipelineError;
use crate::model::Pipeline;
use crate::run::{bind_all, check_supported, read_back, RunError, RunOptions};
use dxil_exec::graphics::{self, Draw, RenderTarget, VertexAttribute, Viewport};
use dxil_exec::resource::Binding;
use dxil_exec::Program;

/// Draws `p` with vertex shader module `vs` and pixel shader module `ps`; the buffers of
/// `p` (the render target among them) then hold what the draw wrote.
pub fn run_graphics_pipeline(
    p: &mut Pipeline,
    vs: &dxil_ir::CheckedModule,
    ps: &dxil_ir::CheckedModule,
    statics: &[Binding],
    options: &RunOptions,
) -> Result<(), RunError> {
    check_supported(p)?;
    let io = p
        .io
        .clone()
        .ok_or_else(|| PipelineError::new(0, "a graphics pipeline without 'Bindings'".into()))?;
    let (mut bindings, readback) = bind_all(p, statics, options)?;
    let rt_name = io
        .render_target
        .as_deref()
        .ok_or_else(|| PipelineError::new(io.line, "no RenderTarget".into()))?;
    let rt_index = p.buffer_index(rt_name).ok_or_else(|| {
        PipelineError::new(io.line, format!("render target '{rt_name}' not found"))
    })?;
    let rt_buf = &p.buffers[rt_index];
    let props = rt_buf.output_props.ok_or_else(|| {
        PipelineError::new(
            rt_buf.line,
            format!("render target '{rt_name}' has no OutputProps"),
        )
    })?;
    let format = typed_format_at(rt_buf, rt_buf.line)?;
    let pixels = u64::from(props.width) * u64::from(props.height);
    if pixels > graphics::MAX_PIXELS {
        return Err(PipelineError::new(
            rt_buf.line,
            format!(
                "a render target of {pixels} pixels (at most {})",
                graphics::MAX_PIXELS
            ),
        )
        .into());
    }
    let mut attributes = Vec::new();
    let mut stride = 0u32;
    for a in &io.attributes {
        let format = element_format(&a.name, a.format, a.channels, a.line)?;
        attributes.push(VertexAttribute {
            name: a.name.clone(),
            semantic_index: 0,
            format,
            offset: a.offset,
        });
        stride += a.size();
    }
    // No vertex buffer, or one without data: no vertices.
    let vertices: &[u8] = match &io.vertex_buffer {
        Some(name) => {
            let b = p.buffer(name).ok_or_else(|| {
                PipelineError::new(io.line, format!("vertex buffer '{name}' not found"))
            })?;
            match b.data.first() {
                Some(d) => d,
                None => &[],
            }
        }
        None => &[],
    };
    let vertex_count = match p.vertex_count {
        Some(n) => n,
        None if stride > 0 => (vertices.len() / stride as usize) as u32,
        None => {
            return Err(PipelineError::new(
                io.line,
                "no VertexCount and no vertex layout to count vertices from".into(),
            )
            .into())
        }
    };
    let draw = Draw {
        vertices,
        stride,
        attributes,
        vertex_count,
        viewport: Viewport {
            x: 0.0,
            y: 0.0,
            width: props.width as f32,
            height: props.height as f32,
            min_depth: 0.0,
            max_depth: 1.0,
        },
        budget: options
            .budget
            .unwrap_or(dxil_exec::Dispatch::default().budget),
    };
    let mut target = RenderTarget {
        format,
        width: props.width,
        height: props.height,
        data: vec![0; pixels as usize * format.size() as usize],
    };
    let entry = |i: usize| p.shaders.get(i).map(|s| s.entry.as_str());
    let vs = Program::compile(vs, entry(0))?;
    let ps = Program::compile(ps, entry(1))?;
    graphics::draw(&vs, &ps, &mut bindings, &draw, &mut target)?;
    read_back(p, &bindings, readback);
    let block = &mut p.buffers[rt_index].data;
    match block.first_mut() {
        Some(b) => {
            let n = b.len().min(target.data.len());
            b[..n].copy_from_slice(&target.data[..n]);
        }
        None => block.push(target.data),
    }
    Ok(())
}
