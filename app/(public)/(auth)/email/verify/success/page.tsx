import { redirect } from "next/navigation";

/** Spec §2: /email/verify/success goes on to /sign-in with wasVerified=true. */
export default function EmailVerifiedPage() {
  redirect("/sign-in?wasVerified=true");
}
