"""Agreement of `dxil val` with the reference validator on invalid shaders made at run time."""
