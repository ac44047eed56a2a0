/** HubSpot's sprocket, drawn simply in its orange: the CRM type's mark on cards and pages. */
export const HubspotLogo = ({ size = 20, label }: { size?: number; label?: string }) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    role={label ? 'img' : undefined}
    aria-label={label}
    aria-hidden={label ? undefined : true}
  >
    <g fill="none" stroke="#ff7a59" strokeWidth="2.2" strokeLinecap="round">
      <circle cx="14.5" cy="14" r="4.2" />
      <path d="M14.5 9.8V5.2M11.4 17.1 6.2 21M11.2 11.4 5.5 7" />
    </g>
    <circle cx="14.5" cy="4.2" r="2" fill="#ff7a59" />
    <circle cx="4.6" cy="6.4" r="1.8" fill="#ff7a59" />
  </svg>
);
