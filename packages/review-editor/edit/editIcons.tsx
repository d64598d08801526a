/** The edit feature's 16px icons, in the style of src/ui/icons.tsx (decorative: controls carry text names). */
const paths = {
  pencil: 'M11.5 2.5l2 2L6 12H4v-2zM10 4l2 2',
  check: 'M3 8.5l3 3 7-7',
  undo: 'M5 4L2 7l3 3M2 7h8a4 4 0 0 1 0 8H8',
} as const;

export function EditIcon({ name }: { name: keyof typeof paths }) {
  return (
    <svg className="icon" width={16} height={16} viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={paths[name]} />
    </svg>
  );
}
