/**
 * The navbar's place, drawn while its code loads or while a stored session is being checked: a signed-in
 * page does not move down when the navbar arrives.
 */
export function NavbarSpace() {
  return <div className="navbar" aria-hidden="true" />;
}
