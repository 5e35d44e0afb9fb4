; A compute shader, written by hand in the text form `dxil dis` prints.
;
;   RWBuffer<uint> Out : register(u0);
;   [numthreads(64, 1, 1)]
;   void main(uint3 tid : SV_DispatchThreadID) {
;     if (tid.x < 1000) Out[tid.x] = tid.x * tid.x + 1;
;   }
;
; Assemble: dxil as samples/compute.ll -o compute.dxil

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-win32"

%dx.types.Handle = type { i8* }
%"class.RWBuffer<unsigned int>" = type { i32 }

define void @main() {
  ; CreateHandle(resourceClass = UAV, rangeId 0, index 0, not non-uniform)
  %1 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  ; ThreadId(component 0): SV_DispatchThreadID.x
  %2 = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %3 = icmp ult i32 %2, 1000
  br i1 %3, label %store, label %done

store:                                            ; preds = %0
  %4 = mul i32 %2, %2
  %5 = add i32 %4, 1
  ; BufferStore(uav, coord0, coord1, value0..3, write mask)
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %1, i32 %2, i32 undef, i32 %5, i32 %5, i32 %5, i32 %5, i8 15)
  br label %done

done:                                             ; preds = %store, %0
  ret void
}

; Function Attrs: nounwind readnone
declare i32 @dx.op.threadId.i32(i32, i32) #0

; Function Attrs: nounwind
declare void @dx.op.bufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8) #1

; Function Attrs: nounwind readonly
declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #2

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }
attributes #2 = { nounwind readonly }

!dx.version = !{!0}
!dx.valver = !{!1}
!dx.shaderModel = !{!2}
!dx.resources = !{!3}
!dx.entryPoints = !{!7}

!0 = !{i32 1, i32 0}
!1 = !{i32 1, i32 10}
!2 = !{!"cs", i32 6, i32 0}
; UAVs: one typed buffer of u32 at u0 (kind 10 = TypedBuffer; element type 5 = U32)
!3 = !{null, !4, null, null}
!4 = !{!5}
!5 = !{i32 0, %"class.RWBuffer<unsigned int>"* undef, !"Out", i32 0, i32 0, i32 1, i32 10, i1 false, i1 false, i1 false, !6}
!6 = !{i32 0, i32 5}
; entry: no signatures, the resources above, numthreads(64, 1, 1)
!7 = !{void ()* @main, !"main", null, !3, !8}
!8 = !{i32 4, !9}
!9 = !{i32 64, i32 1, i32 1}
