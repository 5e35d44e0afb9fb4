//! The reference run: the shader through wgpu on a Vulkan adapter (lavapipe, Mesa's software
//! driver, on CI), buffers in, writable buffers read back.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::buffers::{Access, Buffer};

/// How long one dispatch and its read-back may take before the case fails: lavapipe runs
/// these shaders in milliseconds, so this only stops a hang.
const TIMEOUT: Duration = Duration::from_secs(30);

/// Optional features a shader may need, requested when the adapter has them (a shader
/// needing one the adapter lacks is refused by wgpu's validation, and reported).
const WANTED: wgpu::Features = wgpu::Features::SHADER_F16
    .union(wgpu::Features::SHADER_F64)
    .union(wgpu::Features::SHADER_I16)
    .union(wgpu::Features::SHADER_INT64)
    .union(wgpu::Features::SHADER_INT64_ATOMIC_MIN_MAX)
    .union(wgpu::Features::SHADER_INT64_ATOMIC_ALL_OPS)
    .union(wgpu::Features::SHADER_FLOAT32_ATOMIC)
    .union(wgpu::Features::SUBGROUP)
    .union(wgpu::Features::SUBGROUP_BARRIER);

/// A device on a Vulkan adapter.
pub struct Gpu {
    device: wgpu::Device,
    queue: wgpu::Queue,
    /// Errors wgpu reported outside a result (validation of a shader, a pipeline, a
    /// dispatch), taken by the case that caused them.
    errors: Arc<Mutex<Vec<String>>>,
    /// The adapter, for the report.
    pub info: wgpu::AdapterInfo,
    /// The optional features the device has.
    pub features: wgpu::Features,
}

/// A shader for wgpu: WGSL text, or a naga module (from GLSL or SPIR-V) as is.
pub enum Source<'a> {
    /// WGSL text, parsed by wgpu.
    Wgsl(&'a str),
    /// A module parsed by naga's other front ends.
    Naga(Box<naga::Module>),
}

impl Gpu {
    /// A device on the first CPU-type Vulkan adapter (lavapipe), else on any Vulkan adapter;
    /// `Err` when there is none.
    pub fn new() -> Result<Gpu, String> {
        let instance = wgpu::Instance::new(wgpu::InstanceDescriptor {
            backends: wgpu::Backends::VULKAN,
            ..wgpu::InstanceDescriptor::new_without_display_handle()
        });
        let adapters = pollster::block_on(instance.enumerate_adapters(wgpu::Backends::VULKAN));
        let adapter = adapters
            .iter()
            .find(|a| a.get_info().device_type == wgpu::DeviceType::Cpu)
            .or_else(|| adapters.first())
            .ok_or("wgpu finds no Vulkan adapter (no Vulkan loader, or no driver)")?;
        let info = adapter.get_info();
        let features = adapter.features() & WANTED;
        let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            label: Some("semantics"),
            required_features: features,
            required_limits: adapter.limits(),
            ..Default::default()
        }))
        .map_err(|e| format!("no device on {}: {e}", info.name))?;
        let errors = Arc::new(Mutex::new(Vec::new()));
        let sink = errors.clone();
        device.on_uncaptured_error(Arc::new(move |e: wgpu::Error| {
            if let Ok(mut v) = sink.lock() {
                v.push(summary(&e.to_string()));
            }
        }));
        Ok(Gpu {
            device,
            queue,
            errors,
            info,
            features,
        })
    }

    /// Lanes per subgroup when the adapter has a single size (so the executor can use the
    /// same wave size).
    pub fn subgroup_size(&self) -> Option<u32> {
        (self.info.subgroup_min_size == self.info.subgroup_max_size)
            .then_some(self.info.subgroup_min_size)
    }

    /// The errors reported since the last call, joined.
    fn take_errors(&self) -> Option<String> {
        let mut v = self.errors.lock().ok()?;
        let all = std::mem::take(&mut *v);
        (!all.is_empty()).then(|| all.join("; "))
    }

    /// Compiles `source` for wgpu; `Err` with wgpu's message when it refuses it.
    pub fn module(&self, source: Source) -> Result<wgpu::ShaderModule, String> {
        let source = match source {
            Source::Wgsl(text) => wgpu::ShaderSource::Wgsl(text.into()),
            Source::Naga(m) => wgpu::ShaderSource::Naga(std::borrow::Cow::Owned(*m)),
        };
        let m = self
            .device
            .create_shader_module(wgpu::ShaderModuleDescriptor {
                label: None,
                source,
            });
        self.wait()?;
        match self.take_errors() {
            Some(e) => Err(e),
            None => Ok(m),
        }
    }

    /// Runs `entry` of `module` over `groups` with `buffers` bound at their group and
    /// binding; the contents of every buffer after the dispatch, in `buffers`' order
    /// (inputs as given).
    pub fn run(
        &self,
        module: &wgpu::ShaderModule,
        entry: &str,
        buffers: &[Buffer],
        groups: [u32; 3],
    ) -> Result<Vec<Vec<u8>>, String> {
        let pipeline = self
            .device
            .create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: Some(entry),
                layout: None,
                module,
                entry_point: Some(entry),
                compilation_options: Default::default(),
                cache: None,
            });
        self.wait()?;
        if let Some(e) = self.take_errors() {
            return Err(format!("pipeline: {e}"));
        }
        let usage = |a: Access| match a {
            Access::Uniform => wgpu::BufferUsages::UNIFORM,
            _ => wgpu::BufferUsages::STORAGE,
        } | wgpu::BufferUsages::COPY_SRC
            | wgpu::BufferUsages::COPY_DST;
        let gpu_buffers: Vec<wgpu::Buffer> = buffers
            .iter()
            .map(|b| {
                let buf = self.device.create_buffer(&wgpu::BufferDescriptor {
                    label: Some(&b.name),
                    size: b.data.len() as u64,
                    usage: usage(b.access),
                    mapped_at_creation: false,
                });
                self.queue.write_buffer(&buf, 0, &b.data);
                buf
            })
            .collect();
        let readback: Vec<wgpu::Buffer> = buffers
            .iter()
            .map(|b| {
                self.device.create_buffer(&wgpu::BufferDescriptor {
                    label: None,
                    size: b.data.len() as u64,
                    usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                    mapped_at_creation: false,
                })
            })
            .collect();
        // Auto layout lists exactly the bindings the entry point uses, as `buffers` does.
        let mut groups_used: Vec<u32> = buffers.iter().map(|b| b.binding.group).collect();
        groups_used.dedup();
        let bind_groups: Vec<(u32, wgpu::BindGroup)> = groups_used
            .iter()
            .map(|&g| {
                let entries: Vec<wgpu::BindGroupEntry> = buffers
                    .iter()
                    .zip(&gpu_buffers)
                    .filter(|(b, _)| b.binding.group == g)
                    .map(|(b, buf)| wgpu::BindGroupEntry {
                        binding: b.binding.binding,
                        resource: buf.as_entire_binding(),
                    })
                    .collect();
                let bg = self.device.create_bind_group(&wgpu::BindGroupDescriptor {
                    label: None,
                    layout: &pipeline.get_bind_group_layout(g),
                    entries: &entries,
                });
                (g, bg)
            })
            .collect();
        let mut enc = self.device.create_command_encoder(&Default::default());
        {
            let mut pass = enc.begin_compute_pass(&Default::default());
            pass.set_pipeline(&pipeline);
            for (g, bg) in &bind_groups {
                pass.set_bind_group(*g, bg, &[]);
            }
            pass.dispatch_workgroups(groups[0], groups[1], groups[2]);
        }
        for (src, dst) in gpu_buffers.iter().zip(&readback) {
            enc.copy_buffer_to_buffer(src, 0, dst, 0, src.size());
        }
        self.queue.submit([enc.finish()]);
        for buf in &readback {
            buf.slice(..).map_async(wgpu::MapMode::Read, |_| ());
        }
        self.wait()?;
        if let Some(e) = self.take_errors() {
            return Err(format!("dispatch: {e}"));
        }
        let mut out = Vec::new();
        for buf in &readback {
            let view = buf
                .slice(..)
                .get_mapped_range()
                .map_err(|e| format!("read-back: {e}"))?;
            out.push(view.to_vec());
            drop(view);
            buf.unmap();
        }
        Ok(out)
    }

    /// Waits for the queue, at most [`TIMEOUT`].
    fn wait(&self) -> Result<(), String> {
        self.device
            .poll(wgpu::PollType::Wait {
                submission_index: None,
                timeout: Some(TIMEOUT),
            })
            .map(|_| ())
            .map_err(|e| format!("waiting for the device: {e}"))
    }
}

/// A wgpu message shortened to its first and last lines (wgpu's are long and nested).
fn summary(s: &str) -> String {
    let mut lines = s.lines().map(str::trim).filter(|l| !l.is_empty());
    let head = lines.next().unwrap_or("");
    // wgpu's first line names the operation; the cause is on the last.
    match lines.next_back() {
        Some(last) if last != head => format!("{head} {last}"),
        _ => head.to_string(),
    }
}
