; An earlier call of dx.op.unary.f32 with BufferLoad's opcode: reading its overload casts the float return value to a struct, which stops the reference (LLVM cast failure); the errors found before are dropped
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%"class.RWStructuredBuffer<float>" = type { float }

@"\01?g@@3PAMA" = external addrspace(3) global [64 x float], align 4

define void @main() {
  %1 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)  ; CreateHandle(resourceClass,rangeId,index,nonUniformIndex)
  %2 = call i32 @dx.op.threadId.i32(i32 93, i32 0)  ; ThreadId(component)
  %3 = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)  ; FlattenedThreadIdInGroup()
  %4 = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %1, i32 %2, i32 0)  ; BufferLoad(srv,index,wot)
  %5 = extractvalue %dx.types.ResRet.f32 %4, 0
  %6 = getelementptr [64 x float], [64 x float] addrspace(3)* @"\01?g@@3PAMA", i32 0, i32 %3
  store float %5, float addrspace(3)* %6, align 4, !tbaa !11
  call void @dx.op.barrier(i32 80, i32 9)  ; Barrier(barrierMode)
  %7 = call float @dx.op.unary.f32(i32 68, float %5)  ; Asin(value)
  %8 = call float @dx.op.unary.f32(i32 15, float %5)  ; Acos(value)
  %9 = fadd fast float %8, %7
  %10 = call float @dx.op.unary.f32(i32 23, float %5)  ; Log(value)
  %11 = fmul fast float %10, 0x3FE62E4300000000
  %12 = fadd fast float %9, %11
  %13 = call float @dx.op.unary.f32(i32 24, float %5)  ; Sqrt(value)
  %14 = fadd fast float %12, %13
  %15 = add i32 %3, 1
  %16 = and i32 %15, 63
  %17 = getelementptr [64 x float], [64 x float] addrspace(3)* @"\01?g@@3PAMA", i32 0, i32 %16
  %18 = load float, float addrspace(3)* %17, align 4, !tbaa !11
  %19 = fadd fast float %14, %18
  %20 = call float @dx.op.waveReadLaneFirst.f32(i32 118, float %5)  ; WaveReadLaneFirst(value)
  %21 = fadd fast float %19, %20
  %22 = add i32 %2, 1
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %1, i32 %22, i32 0, float %21, float undef, float undef, float undef, i8 1)  ; BufferStore(uav,coord0,coord1,value0,value1,value2,value3,mask)
  call void @dx.op.barrier(i32 80, i32 10)  ; Barrier(barrierMode)
  ret void
}

; Function Attrs: nounwind readnone
declare i32 @dx.op.threadId.i32(i32, i32) #0

; Function Attrs: nounwind readnone
declare i32 @dx.op.flattenedThreadIdInGroup.i32(i32) #0

; Function Attrs: noduplicate nounwind
declare void @dx.op.barrier(i32, i32) #1

; Function Attrs: nounwind readnone
declare float @dx.op.unary.f32(i32, float) #0
declare float @dx.op.binary.f32(i32, float, float) #0

; Function Attrs: nounwind
declare float @dx.op.waveReadLaneFirst.f32(i32, float) #2

; Function Attrs: nounwind readonly
declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #3

; Function Attrs: nounwind readonly
declare %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32, %dx.types.Handle, i32, i32) #3

; Function Attrs: nounwind
declare void @dx.op.bufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8) #2

attributes #0 = { nounwind readnone }
attributes #1 = { noduplicate nounwind }
attributes #2 = { nounwind }
attributes #3 = { nounwind readonly }

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.resources = !{!4}
!dx.entryPoints = !{!8}

!0 = !{!"dxc(private) 1.9.0.15466 (main, 9a3e225da-dirty)"}
!1 = !{i32 1, i32 0}
!2 = !{i32 1, i32 10}
!3 = !{!"cs", i32 6, i32 0}
!4 = !{null, !5, null, null}
!5 = !{!6}
!6 = !{i32 0, %"class.RWStructuredBuffer<float>"* undef, !"", i32 0, i32 0, i32 1, i32 12, i1 false, i1 false, i1 false, !7}
!7 = !{i32 1, i32 4}
!8 = !{void ()* @main, !"main", null, !4, !9}
!9 = !{i32 0, i64 524304, i32 4, !10}
!10 = !{i32 64, i32 1, i32 1}
!11 = !{!12, !12, i64 0}
!12 = !{!"float", !13, i64 0}
!13 = !{!"omnipotent char", !14, i64 0}
!14 = !{!"Simple C/C++ TBAA"}
