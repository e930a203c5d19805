export const NotFoundPage = () => <p>404 Page Not Found</p>;
export const CrashPage = () => (
  <p>Oops! Something went wrong... try refreshing the page or contact support</p>
);
export const UnauthorizedPage = () => <p>You are Unauthorized</p>;
