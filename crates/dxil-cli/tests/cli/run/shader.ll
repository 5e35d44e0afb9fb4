; The shader the run cases share (no RUN lines: not a case itself), written by hand:
;
;   RWBuffer<float>         Out : register(u0);
;   RWBuffer<float4>        In  : register(u1);
;   RWStructuredBuffer<int> S   : register(u2);
;   [numthreads(4, 1, 1)]
;   void main(uint3 tid : SV_DispatchThreadID) {
;     float4 v = In[tid.x];
;     float r = v.x < v.y ? v.z : v.w;
;     Out[tid.x] = r * 0.5;
;     S[tid.x] = (int)r - 3;
;   }

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%"class.RWBuffer<float>" = type { float }
%"class.RWBuffer<vector<float, 4> >" = type { <4 x float> }
%"class.RWStructuredBuffer<int>" = type { i32 }

define void @main() {
  %1 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %2 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 1, i32 1, i1 false)
  %3 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 2, i32 2, i1 false)
  %4 = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %5 = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %2, i32 %4, i32 undef)
  %6 = extractvalue %dx.types.ResRet.f32 %5, 0
  %7 = extractvalue %dx.types.ResRet.f32 %5, 1
  %8 = extractvalue %dx.types.ResRet.f32 %5, 2
  %9 = extractvalue %dx.types.ResRet.f32 %5, 3
  %10 = fcmp olt float %6, %7
  %11 = select i1 %10, float %8, float %9
  %12 = fmul float %11, 5.000000e-01
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %1, i32 %4, i32 undef, float %12, float %12, float %12, float %12, i8 15)
  %13 = fptosi float %11 to i32
  %14 = add nsw i32 %13, -3
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %3, i32 %4, i32 0, i32 %14, i32 undef, i32 undef, i32 undef, i8 1)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #0
declare i32 @dx.op.threadId.i32(i32, i32) #1
declare %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32, %dx.types.Handle, i32, i32) #0
declare void @dx.op.bufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8) #2
declare void @dx.op.bufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8) #2

attributes #0 = { nounwind readonly }
attributes #1 = { nounwind readnone }
attributes #2 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!1}
!dx.shaderModel = !{!2}
!dx.resources = !{!3}
!dx.typeAnnotations = !{!10}
!dx.entryPoints = !{!13}

!0 = !{i32 1, i32 0}
!1 = !{i32 1, i32 10}
!2 = !{!"cs", i32 6, i32 0}
!3 = !{null, !4, null, null}
!4 = !{!5, !7, !8}
; typed buffers (kind 10) of f32 (element type 9); a structured buffer (kind 12), stride 4
!5 = !{i32 0, %"class.RWBuffer<float>"* undef, !"Out", i32 0, i32 0, i32 1, i32 10, i1 false, i1 false, i1 false, !6}
!6 = !{i32 0, i32 9}
!7 = !{i32 1, %"class.RWBuffer<vector<float, 4> >"* undef, !"In", i32 0, i32 1, i32 1, i32 10, i1 false, i1 false, i1 false, !6}
!8 = !{i32 2, %"class.RWStructuredBuffer<int>"* undef, !"S", i32 0, i32 2, i32 1, i32 12, i1 false, i1 false, i1 false, !9}
!9 = !{i32 1, i32 4}
; the structured buffer's element is an int (component type 4 = I32)
!10 = !{i32 0, %"class.RWStructuredBuffer<int>" undef, !11}
!11 = !{i32 4, !12}
!12 = !{i32 6, !"h", i32 3, i32 0, i32 7, i32 4}
!13 = !{void ()* @main, !"main", null, !3, !14}
!14 = !{i32 0, i64 8208, i32 4, !15}
!15 = !{i32 4, i32 1, i32 1}
