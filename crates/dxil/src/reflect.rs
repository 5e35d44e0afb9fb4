//! Reflection: entry points, signatures, resources, constant buffers, flags, features.

pub use dxil_module::reflect::{
    BufferReflection, ElementReflection, EntryReflection, Member, Reflection, ResourceReflection,
};

use crate::error::{Error, Result};
use crate::input::Input;

/// Reflects `bytes` (a container, a program part or LLVM bitcode): shader model, entry
/// points with their stages, thread group sizes and signatures, resource bindings,
/// constant buffers with their members, shader flags, and the features a container's
/// `SFI0` part requires. Resource names and buffer layouts come from the `STAT` part's
/// module when the container has one.
///
/// ```
/// # fn main() -> Result<(), dxil::Error> {
/// # let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../samples/compute.ll")).unwrap();
/// let r = dxil::reflect(&dxil::assemble(&text)?)?;
/// assert_eq!(r.entry_points[0].thread_group_size, Some(vec![64, 1, 1]));
/// # Ok(()) }
/// ```
pub fn reflect(bytes: &[u8]) -> Result<Reflection> {
    reflect_input(&Input::parse(bytes)?)
}

/// As [`reflect`], for an input already detected.
pub fn reflect_input(input: &Input<'_>) -> Result<Reflection> {
    let module = input.primary_bitcode()?.read_module()?;
    let stat = input.reflection_module()?;
    let features = match input {
        Input::Container(c) => c
            .feature_info()
            .map_err(Error::container)?
            .map(|f| f.names().map(str::to_string).collect())
            .unwrap_or_default(),
        _ => Vec::new(),
    };
    dxil_module::reflect::reflect_modules(&module, stat.as_deref(), features)
        .map_err(Error::metadata)
}
